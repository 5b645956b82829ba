import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  nativeLanguageName,
  useContentSave,
  type ContentLanguages,
} from "~/features/content/content";
import { fieldIssueMessage } from "~/platform/field-issues";
import { editorPaths, scopeKind, type EditorScope } from "../editor-scope";
import {
  emptyPageDraft,
  type PageDraft,
  type PageEditorState,
  type PageKindName,
} from "../page-editing";
import type { BlockData } from "./blocks/list-blocks";
import classes from "./page-editor.module.css";
import { PageSettings, type RevisionRow } from "./page-settings";

// Puck is browser-only and heavy: its module (and sheet) load on this screen only, after hydration.
// Pure: a public page importing this feature's door drops this module (and the editor's imports).
const PuckEditor = /* @__PURE__ */ lazy(() => import("./builder/puck-editor"));

const AUTOSAVE_AFTER_MS = 4000;
const noSubscription = () => () => undefined;

/** The address a page or doc answers at. */
export const pagePath = (kind: PageKindName, slug: string) =>
  kind === "doc" ? `/docs/${slug}` : `/${slug}`;

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
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<PageDraft>(state?.page ?? emptyPageDraft(kind));
  const [publishAt, setPublishAt] = useState("");
  // True in the browser only (false while the server renders and during hydration).
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const saving = useContentSave(
    {
      id: state?.id ?? null,
      version: state?.version ?? 0,
      status: state?.status ?? "draft",
      publishedAt: state?.publishedAt ?? null,
    },
    { editorPath: editorPaths[scope], field: "page" },
  );
  const { saved, answer } = saving;
  // Where it is live: the address of its last save (a new page's is made from its title).
  const [liveSlug, setLiveSlug] = useState(state?.page.slug ?? "");
  if (answer?.ok && answer.slug !== liveSlug) setLiveSlug(answer.slug);
  const [sent, setSent] = useState(() => JSON.stringify(draft));
  const dirty = JSON.stringify(draft) !== sent;
  const set = <K extends keyof PageDraft>(key: K, value: PageDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function save(intent: Parameters<typeof saving.save>[0], overwrite = false) {
    setSent(JSON.stringify(draft));
    saving.save(intent, draft, {
      overwrite,
      publishAt: intent === "schedule" && publishAt ? new Date(publishAt).toISOString() : undefined,
    });
  }

  useEffect(() => {
    if (!dirty || saved.status !== "draft" || !draft.title.trim() || saving.busy) return;
    const timer = setTimeout(() => save("autosave"), AUTOSAVE_AFTER_MS);
    return () => clearTimeout(timer);
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // A restored revision replaces the builder's blocks: the editor opens again on it.
  useEffect(() => {
    if (saving.lastIntent === "restoreRevision" && answer?.ok) window.location.reload();
  }, [saving.lastIntent, answer]);

  const issues = answer && !answer.ok ? answer.issues : [];
  const errorAt = (path: string) => {
    const issue = issues.find((candidate) => candidate.path === path);
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const blockIssues = [...new Set(issues.filter((i) => i.path.startsWith("blocks.")))].map(
    (issue) => {
      const [, blockId] = issue.path.split(".");
      const block = draft.data.content.find((b) => b.props.id === blockId);
      return block ? t(`pages.blocks.${block.type}`, { defaultValue: block.type }) : blockId;
    },
  );
  const conflict =
    answer && !answer.ok && answer.code === "content.conflict" ? answer.conflict : null;
  const failed = answer && !answer.ok && !conflict && issues.length === 0;
  const trashed = answer && !answer.ok && answer.code === "content.trashed";
  const status = saved.status;
  const isDoc = draft.kind === "doc";
  const translation = languages.translationOf;
  const platform = scope === "platform";
  const listPath = platform ? editorPaths.platform : `/dashboard/pages?kind=${draft.kind}`;
  const publicPath =
    `${platform ? siteUrl : ""}${pagePath(draft.kind, liveSlug)}` +
    (translation ? `?lang=${translation.language}` : "");

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t(`pages.editor.${saved.id ? "edit" : "new"}${isDoc ? "Doc" : "Page"}`)}
          </Title>
          <Badge
            variant="filled"
            autoContrast
            color={status === "published" ? "green" : status === "scheduled" ? "blue" : "gray"}
          >
            {t(`posts.status.${status}`)}
          </Badge>
          {translation ? (
            <Badge variant="outline" color="gray" c="dark" lang={translation.language}>
              {nativeLanguageName(translation.language)}
            </Badge>
          ) : null}
        </Group>
        <Group gap="sm">
          <Anchor href={listPath} size="sm">
            {t(isDoc ? "pages.editor.allDocs" : "pages.editor.allPages")}
          </Anchor>
          {status === "published" ? (
            <Anchor href={publicPath} target="_blank" size="sm">
              {t("pages.editor.view")}
            </Anchor>
          ) : null}
        </Group>
      </Group>

      {conflict ? (
        <Alert color="orange" role="alert" title={t("content.conflict.title")}>
          <Text size="sm">
            {t("content.conflict.text", {
              name: conflict.authorName || t("content.someone"),
              time: new Date(conflict.updatedAt).toLocaleString(i18n.language),
            })}
          </Text>
          <Group mt="sm">
            <Button size="xs" color="orange" onClick={() => save("save", true)}>
              {t("content.conflict.overwrite")}
            </Button>
            <Button size="xs" variant="default" onClick={() => window.location.reload()}>
              {t("content.conflict.reload")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {failed ? (
        <Alert color="red" role="alert">
          {t(trashed ? "content.trashedText" : "content.saveFailed")}
        </Alert>
      ) : null}
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
        <Text size="sm" role="status" data-testid="save-status" className={classes.status}>
          {saving.busy
            ? t("content.saving")
            : answer?.ok
              ? t(saving.lastIntent === "autosave" ? "content.autosaved" : "content.saved")
              : dirty
                ? t("content.unsaved")
                : ""}
        </Text>
        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          <Button
            variant="default"
            loading={saving.busy && saving.lastIntent === "save"}
            onClick={() => save("save")}
          >
            {t(status === "draft" ? "posts.editor.saveDraft" : "posts.editor.update")}
          </Button>
          {status !== "published" ? (
            <Button onClick={() => save("publish")}>{t("posts.editor.publish")}</Button>
          ) : null}
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
            draft={draft}
            set={set}
            errorAt={errorAt}
            siteUrl={siteUrl}
            saved={saved}
            publishAt={publishAt}
            setPublishAt={setPublishAt}
            save={save}
            command={saving.command}
            busy={saving.busy}
            revisions={revisions}
            languages={languages}
            oneKind={scopeKind(scope) !== null}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
