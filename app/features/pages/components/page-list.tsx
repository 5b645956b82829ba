import { Anchor, Button, Group, Select, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { ContentTable, ListFilters, ListPager, useListFilters } from "~/features/content/content";
import { flattenDocs } from "../docs-tree";
import { editorPaths, scopeKind, type EditorScope } from "../editor-scope";
import { PAGES_PER_EDITOR_PAGE, type PageListQuery, type PageListRow } from "../page-editing";
import { DocsTreeView } from "./docs-tree-view";
import { pagePath } from "./page-editor";

/**
 * M3 pages and docs: a tab each; search (debounced), state and author filters, newest change
 * first; each row opens the builder; trash, restore, delete for good, duplicate. The docs tab
 * with no filter is the docs tree, reordered by dragging or with the keyboard. The platform's
 * docs (`scope` platform) are the docs tab alone, under their own title; the platform's plain
 * pages (`scope` platformPages, the base domain's dashboard) the pages tab alone.
 */
export function PageList({
  rows,
  total,
  query,
  tree,
  scope = "site",
  platformUrl = null,
}: {
  rows: PageListRow[];
  total: number;
  query: PageListQuery;
  tree: boolean;
  scope?: EditorScope;
  /** The platform's own address, where its docs are read (scope platform). */
  platformUrl?: string | null;
}) {
  const { t } = useTranslation();
  const filters = useListFilters(query.q);
  const { go } = filters;
  const treeDocs = useMemo(() => (tree ? flattenDocs(rows) : []), [tree, rows]);
  const isDoc = query.kind === "doc";
  const platform = scope === "platform";
  const editorPath = editorPaths[scope];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t(platform ? "pages.platform.title" : "dashboard.sections.pages.title")}
        </Title>
        <Button component={Link} to={`${editorPath}/new${isDoc && !platform ? "?kind=doc" : ""}`}>
          {t(isDoc ? "pages.list.newDoc" : "pages.list.newPage")}
        </Button>
      </Group>
      {platform ? (
        <Stack gap={4}>
          <Text c="dimmed">{t("pages.platform.text")}</Text>
          {platformUrl ? (
            <Anchor href={`${platformUrl}/docs`} target="_blank" size="sm">
              {t("pages.platform.read", { address: `${platformUrl}/docs` })}
            </Anchor>
          ) : null}
        </Stack>
      ) : scopeKind(scope) ? null : (
        <Tabs value={query.kind} onChange={(kind) => go({ kind: kind ?? "page", page: "1" })}>
          <Tabs.List>
            <Tabs.Tab value="page">{t("pages.list.tabs.page")}</Tabs.Tab>
            <Tabs.Tab value="doc">{t("pages.list.tabs.doc")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      <ListFilters
        filters={filters}
        status={query.status}
        filterLabel={t("pages.list.filterLabel")}
        searchLabel={t("pages.list.search")}
        searchWidth={240}
      >
        <Select
          aria-label={t("posts.list.columns.author")}
          value={query.author}
          onChange={(author) => go({ author: author ?? "", page: "1" })}
          data={[
            { value: "", label: t("pages.list.author.all") },
            { value: "me", label: t("pages.list.author.me") },
          ]}
          w={150}
          allowDeselect={false}
        />
      </ListFilters>
      {rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t(query.q ? "pages.list.noMatch" : "pages.list.empty")}
        </Text>
      ) : tree ? (
        <DocsTreeView docs={treeDocs} editorPath={editorPath} />
      ) : (
        <ContentTable
          rows={rows}
          editorHref={(row) => `${editorPath}/${row.id}`}
          address={(row) => pagePath(row.kind, row.slug)}
          date={{ label: t("pages.list.updated"), of: (row) => row.updatedAt }}
          duplicates
        />
      )}
      {tree ? null : (
        <ListPager total={total} perPage={PAGES_PER_EDITOR_PAGE} page={query.page} go={go} />
      )}
    </Stack>
  );
}
