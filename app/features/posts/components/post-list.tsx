import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { ContentTable, ListFilters, ListPager, useListFilters } from "~/features/content/content";
import { POSTS_PER_EDITOR_PAGE, type PostListQuery, type PostListRow } from "../post-editing";

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
  const { t } = useTranslation();
  const filters = useListFilters(query.q);

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
      <ListFilters
        filters={filters}
        status={query.status}
        filterLabel={t("posts.list.filterLabel")}
        searchLabel={t("posts.list.search")}
      />
      {rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t(query.q ? "posts.list.noMatch" : "posts.list.empty")}
        </Text>
      ) : (
        <ContentTable
          rows={rows}
          editorHref={(row) => `/dashboard/post/${row.id}`}
          address={(row) => `/blog/${row.slug}`}
          date={{
            label: t("posts.list.columns.date"),
            of: (row) =>
              row.status === "draft" ? row.updatedAt : (row.publishedAt ?? row.updatedAt),
          }}
        />
      )}
      <ListPager total={total} perPage={POSTS_PER_EDITOR_PAGE} page={query.page} go={filters.go} />
    </Stack>
  );
}
