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
  type TitleOrder,
} from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { RevisionCompare } from "./revision-compare";

/** One revision as an editor's history lists it. */
export type RevisionRow = {
  id: string;
  version: number;
  authorName: string;
  autosave: boolean;
  createdAt: string;
};

/** One side of the compare view: when and by whom it was saved, its fields as plain text. */
export type HistorySide = {
  id: string;
  createdAt: string;
  authorName: string;
  fields: Record<string, string>;
};

export type RevisionHistoryProps = {
  revisions: RevisionRow[];
  /** The fields compared, in order, with their visible names. */
  fields: readonly { key: string; label: string }[];
  /**
   * The editor's own address (its query kept), whose loader answers `compare=A&compare=B` with
   * both: told by each editor, as the routes name their parameters differently.
   */
  compareAt: string;
  /** That loader's answer as the two sides, the older first (null while there are none). */
  sidesOf: (data: unknown) => [HistorySide, HistorySide] | null;
  /** Saves a revision again; none when the item can no longer change (only compared). */
  onRestore: ((revisionId: string) => void) | null;
  restoring?: boolean;
  closeLabel: string;
  titleOrder?: TitleOrder;
  /** Notices under the title (a restore's outcome, why nothing can be restored). */
  children?: ReactNode;
};

/**
 * Every save's revision, newest first: two chosen are compared (the older's words struck
 * through, the newer's underlined), and restoring one saves it again as the newest. Every
 * editor on the content core shows its history with it; each says how its fields read as text.
 */
export function RevisionHistory({
  revisions,
  fields,
  compareAt,
  sidesOf,
  onRestore,
  restoring = false,
  closeLabel,
  titleOrder = 2,
  children,
}: RevisionHistoryProps) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<unknown>();
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const toggle = (revisionId: string) =>
    setChosen((current) =>
      current.includes(revisionId)
        ? current.filter((x) => x !== revisionId)
        : [...current, revisionId].slice(-2),
    );
  const compare = () => {
    setOpen(true);
    const pairs = chosen.map((x) => `compare=${encodeURIComponent(x)}`).join("&");
    void fetcher.load(`${compareAt}${compareAt.includes("?") ? "&" : "?"}${pairs}`);
  };
  const pair = fetcher.state === "idle" && fetcher.data ? sidesOf(fetcher.data) : null;
  const sideLabel = (side: HistorySide) =>
    t("content.compare.side", {
      time: when(side.createdAt),
      name: side.authorName || t("content.someone"),
    });
  const restore = (revisionId: string) => {
    setOpen(false);
    onRestore?.(revisionId);
  };
  const newest = revisions[0]?.id;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={titleOrder} size="h5" mb="sm">
        {t("content.revisions.title")}
      </Title>
      {children}
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
              {index > 0 && onRestore ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  disabled={restoring}
                  onClick={() => restore(revision.id)}
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
        closeButtonProps={{ "aria-label": closeLabel }}
      >
        {pair ? (
          <Stack gap="md">
            <RevisionCompare
              before={{ label: sideLabel(pair[0]), fields: pair[0].fields }}
              after={{ label: sideLabel(pair[1]), fields: pair[1].fields }}
              fields={fields}
            />
            {onRestore ? (
              <Group gap="xs">
                {pair
                  .filter((side) => side.id !== newest)
                  .map((side) => (
                    <Button
                      key={side.id}
                      variant="default"
                      disabled={restoring}
                      onClick={() => restore(side.id)}
                    >
                      {t("content.revisions.restoreFrom", { time: when(side.createdAt) })}
                    </Button>
                  ))}
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Text c="dimmed">{t("content.compare.loading")}</Text>
        )}
      </Modal>
    </Paper>
  );
}
