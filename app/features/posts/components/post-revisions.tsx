import {
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFetcher, useParams } from "react-router";
import { RevisionCompare } from "~/features/content/content";
import type { ComparedRevision } from "../revision-compare.server";

export type RevisionRow = {
  id: string;
  version: number;
  authorName: string;
  autosave: boolean;
  createdAt: string;
};

const compareFields = ["title", "slug", "excerpt", "content", "categories", "tags"] as const;

/**
 * Every save's revision, newest first; two chosen are compared (the older's words struck
 * through, the newer's underlined), and restoring one saves it again as the newest.
 */
export function PostRevisions({
  revisions,
  onRestore,
}: {
  revisions: RevisionRow[];
  onRestore: (revisionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const [chosen, setChosen] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ compared: [ComparedRevision, ComparedRevision] | null }>();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const toggle = (revisionId: string) =>
    setChosen((current) =>
      current.includes(revisionId)
        ? current.filter((x) => x !== revisionId)
        : [...current, revisionId].slice(-2),
    );
  const compare = () => {
    setOpen(true);
    void fetcher.load(
      `/dashboard/post/${id}?${chosen.map((x) => `compare=${encodeURIComponent(x)}`).join("&")}`,
    );
  };
  const pair = fetcher.state === "idle" ? fetcher.data?.compared : null;
  const sideLabel = (revision: ComparedRevision) =>
    t("content.compare.side", {
      time: when(revision.createdAt),
      name: revision.authorName || t("content.someone"),
    });
  const newest = revisions[0]?.id;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="sm">
        {t("content.revisions.title")}
      </Title>
      <ScrollArea.Autosize mah={260}>
        <Stack gap={6} data-testid="revisions">
          {revisions.map((revision, index) => (
            <Group key={revision.id} justify="space-between" wrap="nowrap" gap="xs">
              <Checkbox
                checked={chosen.includes(revision.id)}
                onChange={() => toggle(revision.id)}
                aria-label={t("content.compare.choose", { time: when(revision.createdAt) })}
                data-testid="revision-choose"
              />
              <div style={{ flex: 1 }}>
                <Text size="sm">{when(revision.createdAt)}</Text>
                <Text size="xs" c="dimmed">
                  {revision.authorName || t("content.someone")}
                  {revision.autosave ? ` · ${t("content.revisions.autosave")}` : ""}
                  {index === 0 ? ` · ${t("content.revisions.current")}` : ""}
                </Text>
              </div>
              {index > 0 ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onRestore(revision.id)}
                  aria-label={t("content.revisions.restoreFrom", {
                    time: when(revision.createdAt),
                  })}
                >
                  {t("content.revisions.restore")}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {revisions.length > 1 ? (
        <Group mt="sm" gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={chosen.length !== 2}
            onClick={compare}
          >
            {t("content.compare.button")}
          </Button>
          <Text size="xs" c="dimmed">
            {t("content.compare.hint")}
          </Text>
        </Group>
      ) : null}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t("content.compare.title")}
        size="xl"
        closeButtonProps={{ "aria-label": t("siteSettings.common.close") }}
      >
        {pair ? (
          <Stack gap="md">
            <RevisionCompare
              before={{ label: sideLabel(pair[0]), fields: pair[0].fields }}
              after={{ label: sideLabel(pair[1]), fields: pair[1].fields }}
              fields={compareFields.map((key) => ({
                key,
                label: t(`content.compare.fields.${key}`),
              }))}
            />
            <Group gap="xs">
              {pair
                .filter((revision) => revision.id !== newest)
                .map((revision) => (
                  <Button
                    key={revision.id}
                    variant="light"
                    onClick={() => {
                      setOpen(false);
                      onRestore(revision.id);
                    }}
                  >
                    {t("content.revisions.restoreFrom", { time: when(revision.createdAt) })}
                  </Button>
                ))}
            </Group>
          </Stack>
        ) : (
          <Text c="dimmed">{t("content.compare.loading")}</Text>
        )}
      </Modal>
    </Paper>
  );
}
