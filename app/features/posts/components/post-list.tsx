import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { TRASH_DAYS } from "~/features/content/content";
import {
  POSTS_PER_EDITOR_PAGE,
  type PostListQuery,
  type PostListRow,
  type PostStatus,
} from "../post-editing";

const statusColour: Record<PostStatus, string> = {
  published: "green",
  scheduled: "blue",
  draft: "gray",
  trashed: "red",
};
const filters = ["all", "published", "scheduled", "draft", "trashed"] as const;

/** A command on one row (trash, restore, delete for good) through the list's action. */
function RowCommand({ id, intent, label }: { id: string; intent: string; label: string }) {
  const fetcher = useFetcher();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color={intent === "restore" ? "blue" : "red"}
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

/**
 * M2 the posts list: search (debounced), filter by state, newest change first, 20 a page; each
 * row opens its editor; the trash restores or deletes for good, and empties itself after 30 days.
 */
export function PostList({
  rows,
  total,
  query,
}: {
  rows: PostListRow[];
  total: number;
  query: PostListQuery;
}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(query.q);
  const pages = Math.max(1, Math.ceil(total / POSTS_PER_EDITOR_PAGE));

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value && value !== "all" && value !== "1") next.set(key, value);
      else next.delete(key);
    }
    void navigate(`?${next.toString()}`, { replace: true, preventScrollReset: true });
  };

  useEffect(() => {
    if (search === query.q) return;
    const timer = setTimeout(() => go({ q: search, page: "1" }), 500);
    return () => clearTimeout(timer);
  });

  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" }) : "—";

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t("dashboard.sections.posts.title")}
        </Title>
        <Button component={Link} to="/dashboard/post">
          {t("posts.list.new")}
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        {/* At 375 px the five filters scroll sideways inside their strip, not the page. */}
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            value={query.status}
            onChange={(status) => go({ status, page: "1" })}
            data={filters.map((value) => ({ value, label: t(`posts.list.filter.${value}`) }))}
            aria-label={t("posts.list.filterLabel")}
          />
        </ScrollArea>
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t("posts.list.search")}
          aria-label={t("posts.list.search")}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: "100%", sm: 260 }}
        />
      </Group>
      {query.status === "trashed" ? (
        <Text size="sm" c="dimmed">
          {t("content.trashHelp", { days: TRASH_DAYS })}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t(query.q ? "posts.list.noMatch" : "posts.list.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("posts.list.columns.title")}</Table.Th>
                <Table.Th>{t("posts.list.columns.status")}</Table.Th>
                <Table.Th>{t("posts.list.columns.author")}</Table.Th>
                <Table.Th>{t("posts.list.columns.date")}</Table.Th>
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
                      <Anchor component={Link} to={`/dashboard/post/${row.id}`} fw={500}>
                        {row.title}
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed">
                      /blog/{row.slug}
                      {row.language ? `?lang=${row.language}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" autoContrast color={statusColour[row.status]}>
                      {t(`posts.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.authorName || "—"}</Table.Td>
                  <Table.Td>
                    {date(
                      row.status === "draft" ? row.updatedAt : (row.publishedAt ?? row.updatedAt),
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.status === "trashed" ? (
                      <Group gap={4} wrap="nowrap">
                        <RowCommand id={row.id} intent="restore" label={t("content.restore")} />
                        <RowCommand
                          id={row.id}
                          intent="deleteForever"
                          label={t("content.deleteForever")}
                        />
                      </Group>
                    ) : (
                      <RowCommand id={row.id} intent="trash" label={t("content.trash")} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={query.page}
          onChange={(page) => go({ page: String(page) })}
          getControlProps={(control) => ({ "aria-label": t(`posts.list.pager.${control}`) })}
        />
      ) : null}
    </Stack>
  );
}
