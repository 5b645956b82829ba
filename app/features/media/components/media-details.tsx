import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Image,
  List,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MediaItem } from "../media-types";
import { formatBytes } from "~/platform/i18n/formats";
import { mediaClient, type MediaUseRow } from "./media-client";

const editorOf = (use: MediaUseRow) =>
  use.type === "post" ? `/dashboard/post/${use.id}` : `/dashboard/pages/${use.id}`;

/** One file (render it with `key={item.id}`): preview, alt text, folder, its address to copy, where it is used, delete. */
export function MediaDetails({
  item,
  onChanged,
  onDeleted,
}: {
  item: MediaItem;
  onChanged: (item: MediaItem) => void;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [alt, setAlt] = useState(item.alt);
  const [folder, setFolder] = useState(item.folder);
  const [status, setStatus] = useState<"idle" | "saving" | "saved" | "error">("idle");
  const [uses, setUses] = useState<MediaUseRow[] | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The parent keys this panel by file, so the fields start afresh for each one.
  useEffect(() => {
    void mediaClient.usage(item.id).then(
      (answer) => setUses(answer.uses),
      () => setUses([]),
    );
  }, [item.id]);

  async function save() {
    setStatus("saving");
    try {
      const { item: saved } = await mediaClient.update(item.id, { alt, folder });
      setStatus("saved");
      onChanged(saved);
    } catch {
      setStatus("error");
    }
  }

  async function remove() {
    if ((uses?.length ?? 0) > 0 && !confirming) return setConfirming(true);
    await mediaClient.remove(item.id, true);
    onDeleted();
  }

  const absolute =
    typeof window === "undefined" ? item.url : new URL(item.url, window.location.href).href;
  return (
    <Stack gap="sm" data-testid="media-details">
      {item.kind === "image" ? (
        <Image
          src={item.thumbnail ?? item.url}
          alt={item.alt}
          mah={220}
          fit="contain"
          radius="sm"
        />
      ) : null}
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {item.name}
      </Text>
      <Text size="sm" c="dimmed">
        {[
          item.mime,
          formatBytes(item.size, i18n.language),
          item.width ? `${item.width}×${item.height}` : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      <TextInput
        label={t("media.details.alt")}
        description={t("media.details.altHelp")}
        value={alt}
        onChange={(event) => setAlt(event.currentTarget.value)}
        maxLength={500}
      />
      <TextInput
        label={t("media.details.folder")}
        description={t("media.details.folderHelp")}
        value={folder}
        onChange={(event) => setFolder(event.currentTarget.value)}
        maxLength={400}
      />
      <Group gap="xs">
        <Button onClick={() => void save()} loading={status === "saving"}>
          {t("media.details.save")}
        </Button>
        <CopyButton value={absolute}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t("media.details.copied") : t("media.details.copyUrl")}
            </Button>
          )}
        </CopyButton>
      </Group>
      {status === "saved" ? (
        <Text size="sm" c="green.8" role="status">
          {t("media.details.saved")}
        </Text>
      ) : status === "error" ? (
        <Text size="sm" c="red.8" role="alert">
          {t("media.details.saveFailed")}
        </Text>
      ) : null}
      <div>
        <Text size="sm" fw={600}>
          {t("media.details.whereUsed")}
        </Text>
        {uses === null ? null : uses.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="media-unused">
            {t("media.details.unused")}
          </Text>
        ) : (
          <List size="sm" data-testid="media-uses">
            {uses.map((use) => (
              <List.Item key={`${use.type}-${use.id}`}>
                <Anchor href={editorOf(use)}>{use.title}</Anchor> (
                {t(`media.details.useType.${use.type}`)})
              </List.Item>
            ))}
          </List>
        )}
      </div>
      {confirming ? (
        <Alert color="orange" variant="light" role="alert">
          {t("media.details.inUseWarning", { count: uses?.length ?? 0 })}
        </Alert>
      ) : null}
      <Group>
        <Button color="red" variant={confirming ? "filled" : "light"} onClick={() => void remove()}>
          {confirming ? t("media.details.deleteAnyway") : t("media.details.delete")}
        </Button>
      </Group>
    </Stack>
  );
}
