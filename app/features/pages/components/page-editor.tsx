import { Alert, Group, Loader, Stack, Tabs, TextInput } from "@mantine/core";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  DraftHeading,
  SaveButtons,
  SaveProblems,
  SaveState,
  useDraftEditor,
  type ContentLanguages,
} from "~/features/content/content";
import { editorPaths, scopeKind, type EditorScope } from "../editor-scope";
import { emptyPageDraft, type PageEditorState, type PageKindName } from "../page-editing";
import type { BlockData } from "./blocks/list-blocks";
import classes from "./page-editor.module.css";
import { PageSettings, type RevisionRow } from "./page-settings";

// Puck is browser-only and heavy: its module (and sheet) load on this screen only, after hydration.
// Pure: a public page importing this feature's door drops this module (and the editor's imports).
const PuckEditor = /* @__PURE__ */ lazy(() => import("./builder/puck-editor"));

const noSubscription = () => () => undefined;

/** The address a page or doc answers at (a funnel step's page: its funnels screen). */
export const pagePath = (kind: PageKindName, slug: string) =>
  kind === "doc"
    ? `/docs/${slug}`
    : kind === "funnel"
      ? "/dashboard/manage/marketing/funnels"
      : `/${slug}`;

/**
 * M3 the page builder: the page's title and blocks (Puck), publish now, schedule or keep as a
 * draft (drafts save themselves), its address, summary and what search engines show, every
 * save's revision (restorable), duplicate and trash. Docs are edited the same way, the
 * platform's own docs too (`scope` platform: docs only, read on the platform's site).
 */
export function PageEditor({
  state,
  revisions,
  languages,
  siteUrl,
  kind,
  blockData,
  scope = "site",
}: {
  state: PageEditorState | null;
  revisions: RevisionRow[];
  languages: ContentLanguages;
  siteUrl: string;
  /** A new page's kind (from ?kind=doc). */
  kind: PageKindName;
  blockData: BlockData;
  scope?: EditorScope;
}) {
  const { t } = useTranslation();
  // True in the browser only (false while the server renders and during hydration).
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const editor = useDraftEditor(state, state?.page ?? emptyPageDraft(kind), {
    editorPath: editorPaths[scope],
    field: "page",
  });
  const { draft, set, saving, saved, answer, issues, errorAt } = editor;
  // Where it is live: the address of its last save (a new page's is made from its title).
  const [liveSlug, setLiveSlug] = useState(state?.page.slug ?? "");
  if (answer?.ok && answer.slug !== liveSlug) setLiveSlug(answer.slug);

  // A restored revision replaces the builder's blocks: the editor opens again on it.
  useEffect(() => {
    if (saving.lastIntent === "restoreRevision" && answer?.ok) window.location.reload();
  }, [saving.lastIntent, answer]);

  const blockIssues = [...new Set(issues.filter((i) => i.path.startsWith("blocks.")))].map(
    (issue) => {
      const [, blockId] = issue.path.split(".");
      const block = draft.data.content.find((b) => b.props.id === blockId);
      return block ? t(`pages.blocks.${block.type}`, { defaultValue: block.type }) : blockId;
    },
  );
  const status = saved.status;
  const isDoc = draft.kind === "doc";
  const translation = languages.translationOf;
  const platform = scope === "platform";
  const listPath = platform
    ? editorPaths.platform
    : draft.kind === "funnel"
      ? "/dashboard/manage/marketing/funnels"
      : `/dashboard/pages?kind=${draft.kind}`;
  const publicPath =
    `${platform ? siteUrl : ""}${pagePath(draft.kind, liveSlug)}` +
    (translation ? `?lang=${translation.language}` : "");

  return (
    <Stack gap="md">
      <DraftHeading
        title={t(`pages.editor.${saved.id ? "edit" : "new"}${isDoc ? "Doc" : "Page"}`)}
        status={status}
        language={translation?.language ?? null}
        back={{
          href: listPath,
          label: t(
            isDoc
              ? "pages.editor.allDocs"
              : draft.kind === "funnel"
                ? "pages.editor.allFunnels"
                : "pages.editor.allPages",
          ),
        }}
        view={{ href: publicPath, label: t("pages.editor.view") }}
      />
      <SaveProblems editor={editor} />
      {blockIssues.length > 0 ? (
        <Alert color="red" role="alert">
          {t("pages.editor.blockIssues", { blocks: blockIssues.join(", ") })}
        </Alert>
      ) : null}

      <div className={classes.toolbar}>
        <TextInput
          label={t("posts.editor.title")}
          required
          value={draft.title}
          error={errorAt("title")}
          onChange={(event) => set("title", event.currentTarget.value)}
          className={classes.title}
        />
        <SaveState editor={editor} className={classes.status} />
        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          <SaveButtons editor={editor} />
        </Group>
      </div>

      <Tabs defaultValue="builder" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="builder">{t("pages.editor.tabs.builder")}</Tabs.Tab>
          <Tabs.Tab value="settings">{t("pages.editor.tabs.settings")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="builder" pt="md">
          {mounted ? (
            <Suspense fallback={<Loader aria-label={t("pages.editor.loading")} />}>
              <div data-testid="page-builder">
                <PuckEditor
                  data={draft.data}
                  blockData={blockData}
                  onChange={(data) => set("data", data)}
                />
              </div>
            </Suspense>
          ) : (
            <Loader aria-label={t("pages.editor.loading")} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <PageSettings
            editor={editor}
            siteUrl={siteUrl}
            revisions={revisions}
            languages={languages}
            editorPath={editorPaths[scope]}
            oneKind={scopeKind(scope) !== null}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
