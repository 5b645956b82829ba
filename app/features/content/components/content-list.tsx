import {
  Anchor,
  Badge,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import type { useListFilters } from "./list-paging";
import type { LanguageCode } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { TRASH_DAYS } from "../content-rules";
import type { ContentStatus } from "../editing";

/*
 * The list every editor of drafts opens on (posts, pages and docs; campaigns next): filters by
 * state and a search kept in the address (debounced), a table whose rows open their editor and
 * move to the trash and back, and a pager.
 */

const statusColour: Record<ContentStatus, string> = {
  published: "green",
  scheduled: "blue",
  draft: "gray",
  trashed: "red",
};
const filters = ["all", "published", "scheduled", "draft", "trashed"] as const;

/** The state filter, the search box, and what a list adds between them (an author filter). */
export function ListFilters({
  filters: { go, search, setSearch },
  status,
  filterLabel,
  searchLabel,
  searchWidth = 260,
  children,
}: {
  filters: ReturnType<typeof useListFilters>;
  status: string;
  filterLabel: string;
  searchLabel: string;
  searchWidth?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const searchBox = (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      placeholder={searchLabel}
      aria-label={searchLabel}
      value={search}
      onChange={(event) => setSearch(event.currentTarget.value)}
      w={{ base: "100%", sm: searchWidth }}
    />
  );
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        {/* At 375 px the five filters scroll sideways inside their strip, not the page. */}
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            value={status}
            onChange={(value) => go({ status: value, page: "1" })}
            data={filters.map((value) => ({ value, label: t(`posts.list.filter.${value}`) }))}
            aria-label={filterLabel}
          />
        </ScrollArea>
        {children ? (
          <Group gap="sm" wrap="wrap">
            {children}
            {searchBox}
          </Group>
        ) : (
          searchBox
        )}
      </Group>
      {status === "trashed" ? (
        <Text size="sm" c="dimmed">
          {t("content.trashHelp", { days: TRASH_DAYS })}
        </Text>
      ) : null}
    </>
  );
}

/** A command on one row (trash, restore, delete for good, duplicate) through the list's action. */
function RowCommand({ id, intent, label }: { id: string; intent: string; label: string }) {
  const fetcher = useFetcher();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={intent === "restore" || intent === "duplicate" ? "blue" : "red"}
      loading={fetcher.state !== "idle"}
      onClick={() =>
        void fetcher.submit({ id, intent } as never, {
          method: "post",
          encType: "application/json",
        })
      }
    >
      {label}
    </Button>
  );
}

export type ContentListRow = {
  id: string;
  title: string;
  status: ContentStatus;
  authorName: string;
  /** A translation's language (only the trash lists translations). */
  language: LanguageCode | string | null;
};

/**
 * The rows: title (opening the editor, but not from the trash) over the public address, state,
 * author, a date, and the row's commands: trash (and duplicate, where the list offers it), or
 * from the trash restore and delete for good.
 */
export function ContentTable<Row extends ContentListRow>({
  rows,
  editorHref,
  address,
  date,
  duplicates = false,
}: {
  rows: Row[];
  editorHref: (row: Row) => string;
  address: (row: Row) => string;
  date: { label: string; of: (row: Row) => string | null };
  duplicates?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const shown = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" }) : "—";
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("posts.list.columns.title")}</Table.Th>
            <Table.Th>{t("posts.list.columns.status")}</Table.Th>
            <Table.Th>{t("posts.list.columns.author")}</Table.Th>
            <Table.Th>{date.label}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t("posts.list.columns.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                {row.status === "trashed" ? (
                  <Text fw={500}>{row.title}</Text>
                ) : (
                  <Anchor component={Link} to={editorHref(row)} fw={500}>
                    {row.title}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {address(row)}
                  {row.language ? `?lang=${row.language}` : ""}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="filled" autoContrast color={statusColour[row.status]}>
                  {t(`posts.status.${row.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{row.authorName || "—"}</Table.Td>
              <Table.Td>{shown(date.of(row))}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {row.status === "trashed" ? (
                    <>
                      <RowCommand id={row.id} intent="restore" label={t("content.restore")} />
                      <RowCommand
                        id={row.id}
                        intent="deleteForever"
                        label={t("content.deleteForever")}
                      />
                    </>
                  ) : (
                    <>
                      {duplicates ? (
                        <RowCommand id={row.id} intent="duplicate" label={t("content.duplicate")} />
                      ) : null}
                      <RowCommand id={row.id} intent="trash" label={t("content.trash")} />
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
