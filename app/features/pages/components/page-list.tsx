import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import { TRASH_DAYS } from "~/features/content/content";
import { flattenDocs } from "../docs-tree";
import { editorPaths, scopeKind, type EditorScope } from "../editor-scope";
import {
  PAGES_PER_EDITOR_PAGE,
  type PageListQuery,
  type PageListRow,
  type PageStatus,
} from "../page-editing";
import { DocsTreeView } from "./docs-tree-view";
import { pagePath } from "./page-editor";

const statusColour: Record<PageStatus, string> = {
  published: "green",
  scheduled: "blue",
  draft: "gray",
  trashed: "red",
};
const filters = ["all", "published", "scheduled", "draft", "trashed"] as const;

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
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(query.q);
  const pages = Math.max(1, Math.ceil(total / PAGES_PER_EDITOR_PAGE));
  const treeDocs = useMemo(() => (tree ? flattenDocs(rows) : []), [tree, rows]);

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

  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: "medium" });
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
      <Group justify="space-between" wrap="wrap">
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            value={query.status}
            onChange={(status) => go({ status, page: "1" })}
            data={filters.map((value) => ({ value, label: t(`posts.list.filter.${value}`) }))}
            aria-label={t("pages.list.filterLabel")}
          />
        </ScrollArea>
        <Group gap="sm" wrap="wrap">
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
          <TextInput
            leftSection={<IconSearch size={16} aria-hidden />}
            placeholder={t("pages.list.search")}
            aria-label={t("pages.list.search")}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: "100%", sm: 240 }}
          />
        </Group>
      </Group>
      {query.status === "trashed" ? (
        <Text size="sm" c="dimmed">
          {t("content.trashHelp", { days: TRASH_DAYS })}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t(query.q ? "pages.list.noMatch" : "pages.list.empty")}
        </Text>
      ) : tree ? (
        <DocsTreeView docs={treeDocs} editorPath={editorPath} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("posts.list.columns.title")}</Table.Th>
                <Table.Th>{t("posts.list.columns.status")}</Table.Th>
                <Table.Th>{t("posts.list.columns.author")}</Table.Th>
                <Table.Th>{t("pages.list.updated")}</Table.Th>
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
                      <Anchor component={Link} to={`${editorPath}/${row.id}`} fw={500}>
                        {row.title}
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed">
                      {pagePath(row.kind, row.slug)}
                      {row.language ? `?lang=${row.language}` : ""}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="filled" autoContrast color={statusColour[row.status]}>
                      {t(`posts.status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.authorName || "—"}</Table.Td>
                  <Table.Td>{date(row.updatedAt)}</Table.Td>
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
                          <RowCommand
                            id={row.id}
                            intent="duplicate"
                            label={t("content.duplicate")}
                          />
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
      )}
      {pages > 1 && !tree ? (
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
