import { Button, Group, Modal, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MediaItem, MediaKind } from "../media-types";
import { mediaClient } from "./media-client";
import { MediaGrid } from "./media-grid";
import { UploadZone } from "./upload-zone";

export type MediaPickerProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (item: MediaItem) => void;
  /** Only files of this kind are listed (an image for a featured image). */
  kind?: MediaKind;
  /** Managers pick from every file of the site; others from their own. */
  scope?: "own" | "all";
};

/** A modal to pick a file from the library, or upload one and pick it at once. */
export function MediaPicker({ opened, onClose, onPick, kind, scope = "own" }: MediaPickerProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<string | null>("library");

  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => {
      const query: Record<string, string> = { scope };
      if (kind) query.kind = kind;
      if (search.trim()) query.q = search.trim();
      void mediaClient.list(query).then(
        (answer) => setItems(answer.items),
        () => setItems([]),
      );
    }, 250);
    return () => clearTimeout(timer);
  }, [opened, kind, scope, search]);

  const pick = (item: MediaItem) => {
    onPick(item);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("media.picker.title")} size="xl">
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="library">{t("media.picker.library")}</Tabs.Tab>
          <Tabs.Tab value="upload">{t("media.picker.upload")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="library" pt="md">
          <Stack gap="sm">
            <TextInput
              label={t("media.filters.search")}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-autofocus
            />
            {items && items.length === 0 ? (
              <Text c="dimmed">{t("media.empty")}</Text>
            ) : (
              <MediaGrid items={items ?? []} onOpen={pick} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="md">
          <UploadZone
            folder=""
            accept={kind === "image" ? ["image/*"] : undefined}
            onUploaded={(item) => {
              if (!kind || item.kind === kind) pick(item);
            }}
          />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t("media.picker.cancel")}
        </Button>
      </Group>
    </Modal>
  );
}

export default MediaPicker;
