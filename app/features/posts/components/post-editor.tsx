import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  ContentEditor,
  ContentTranslations,
  nativeLanguageName,
  readingMinutes,
  SeoPanel,
  useContentSave,
} from "~/features/content/content";
import { MediaPicker } from "~/features/media/media";
import { fieldIssueMessage } from "~/platform/field-issues";
import {
  emptyPostDraft,
  type PostDraft,
  type PostEditorState,
  type PostLanguages,
} from "../post-editing";
import { PostRevisions, type RevisionRow } from "./post-revisions";

/** The value of a datetime-local field for an instant, in the browser's time zone. */
const localInput = (iso: string | null) => {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const AUTOSAVE_AFTER_MS = 4000;

type TextField = "title" | "excerpt" | "featured" | "seoTitle" | "seoDescription" | "seoImage";

/**
 * M2 the post editor: title, rich content, excerpt; publish now, schedule or keep as a draft
 * (drafts save themselves while you write); address, featured image, categories, tags and what
 * search engines show; every save's revision, restorable; duplicate and trash.
 */
export function PostEditor({
  state,
  revisions,
  languages,
  siteUrl,
}: {
  state: PostEditorState | null;
  revisions: RevisionRow[];
  languages: PostLanguages;
  siteUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<PostDraft>(state?.post ?? emptyPostDraft);
  const [publishAt, setPublishAt] = useState(localInput(state?.publishedAt ?? null));
  const [picking, setPicking] = useState(false);
  const saving = useContentSave(
    {
      id: state?.id ?? null,
      version: state?.version ?? 0,
      status: state?.status ?? "draft",
      publishedAt: state?.publishedAt ?? null,
    },
    { editorPath: "/dashboard/post", field: "post" },
  );
  const { saved, answer } = saving;
  const [sent, setSent] = useState(() => JSON.stringify(draft));
  const dirty = JSON.stringify(draft) !== sent;

  const set = <K extends keyof PostDraft>(key: K, value: PostDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function save(intent: Parameters<typeof saving.save>[0], overwrite = false) {
    setSent(JSON.stringify(draft));
    saving.save(intent, draft, {
      overwrite,
      publishAt: intent === "schedule" && publishAt ? new Date(publishAt).toISOString() : undefined,
    });
  }

  // Drafts save themselves a few seconds after the last keystroke.
  useEffect(() => {
    if (!dirty || saved.status !== "draft" || !draft.title.trim() || saving.busy) return;
    const timer = setTimeout(() => save("autosave"), AUTOSAVE_AFTER_MS);
    return () => clearTimeout(timer);
  });

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const issues = answer && !answer.ok ? answer.issues : [];
  const errorAt = (path: string) => {
    const issue = issues.find((candidate) => candidate.path === path);
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  /** A text field of the draft: its value, its refusal and its change. */
  const bind = (key: TextField) => ({
    value: draft[key],
    error: errorAt(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const conflict =
    answer && !answer.ok && answer.code === "content.conflict" ? answer.conflict : null;
  const failed = answer && !answer.ok && !conflict && issues.length === 0;
  const trashed = answer && !answer.ok && answer.code === "content.trashed";
  const failedMessage = trashed ? "content.trashedText" : "content.saveFailed";
  const status = saved.status;
  const translation = languages.translationOf;
  const address = `/blog/${draft.slug || "…"}${translation ? `?lang=${translation.language}` : ""}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1} size="h2">
            {t(saved.id ? "posts.editor.editTitle" : "posts.editor.newTitle")}
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
          <Anchor href="/dashboard/posts" size="sm">
            {t("posts.editor.allPosts")}
          </Anchor>
          {status === "published" ? (
            <Anchor href={address} target="_blank" size="sm">
              {t("posts.editor.view")}
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
          {t(failedMessage)}
        </Alert>
      ) : null}

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TextInput label={t("posts.editor.title")} size="lg" {...bind("title")} required />
            <ContentEditor
              label={t("posts.editor.content")}
              value={draft.content}
              onChange={(html) => set("content", html)}
            />
            <Text size="xs" c="dimmed">
              {t("content.readingTime", { count: readingMinutes(draft.content) })}
            </Text>
            <Textarea
              label={t("posts.editor.excerpt")}
              description={t("posts.editor.excerptHelp")}
              autosize
              minRows={2}
              {...bind("excerpt")}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h5" mb="sm">
                {t("posts.editor.publishing")}
              </Title>
              <Stack gap="sm">
                <Text size="sm" role="status" data-testid="save-status">
                  {saving.busy
                    ? t("content.saving")
                    : answer?.ok
                      ? t(saving.lastIntent === "autosave" ? "content.autosaved" : "content.saved")
                      : dirty
                        ? t("content.unsaved")
                        : status === "scheduled" && saved.publishedAt
                          ? t("posts.editor.scheduledFor", {
                              time: new Date(saved.publishedAt).toLocaleString(i18n.language),
                            })
                          : ""}
                </Text>
                <Group grow>
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
                <TextInput
                  type="datetime-local"
                  label={t("posts.editor.publishAt")}
                  value={publishAt}
                  error={errorAt("publishAt")}
                  onChange={(event) => setPublishAt(event.currentTarget.value)}
                />
                <Button variant="light" disabled={!publishAt} onClick={() => save("schedule")}>
                  {t("posts.editor.schedule")}
                </Button>
                {status === "published" || status === "scheduled" ? (
                  <Button variant="subtle" color="gray" onClick={() => save("unpublish")}>
                    {t("posts.editor.unpublish")}
                  </Button>
                ) : null}
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h5" mb="sm">
                {t("posts.editor.settings")}
              </Title>
              <Stack gap="sm">
                <TextInput
                  label={t("posts.editor.slug")}
                  description={t("posts.editor.slugHelp")}
                  value={draft.slug}
                  error={errorAt("slug")}
                  disabled={translation !== null}
                  onChange={(event) => set("slug", event.currentTarget.value.toLowerCase())}
                />
                <TextInput
                  label={t("posts.editor.featured")}
                  description={t("posts.editor.featuredHelp")}
                  {...bind("featured")}
                />
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setPicking(true)}
                  data-testid="featured-from-library"
                >
                  {t("media.picker.chooseFeatured")}
                </Button>
                {picking ? (
                  <Suspense fallback={null}>
                    <MediaPicker
                      opened={picking}
                      onClose={() => setPicking(false)}
                      kind="image"
                      onPick={(item) => set("featured", item.url)}
                    />
                  </Suspense>
                ) : null}
                {draft.featured && !errorAt("featured") ? (
                  <Image src={draft.featured} alt="" radius="sm" h={120} fit="cover" />
                ) : null}
                <TagsInput
                  label={t("posts.editor.categories")}
                  value={draft.categories}
                  onChange={(value) => set("categories", value)}
                  maxTags={10}
                  clearable
                />
                <TagsInput
                  label={t("posts.editor.tags")}
                  value={draft.tags}
                  onChange={(value) => set("tags", value)}
                  maxTags={20}
                  clearable
                />
              </Stack>
            </Paper>
            <SeoPanel
              bind={bind}
              preview={{
                title: draft.seoTitle || draft.title,
                url: `${siteUrl}${address}`,
                description: draft.seoDescription || draft.excerpt,
              }}
            />
            {saved.id ? (
              <PostRevisions
                revisions={revisions}
                onRestore={(revisionId) =>
                  saving.command({ intent: "restoreRevision", revisionId, version: saved.version })
                }
              />
            ) : null}
            {saved.id ? (
              <ContentTranslations
                languages={languages}
                busy={saving.busy}
                editorHref={(id) => `/dashboard/post/${id}`}
                statusLabel={(status) => t(`posts.status.${status}`)}
                onTranslate={(language) => saving.command({ intent: "translate", language })}
              />
            ) : null}
            {saved.id ? (
              <Box>
                <Group gap="sm">
                  {translation ? null : (
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => saving.command({ intent: "duplicate" })}
                    >
                      {t("content.duplicate")}
                    </Button>
                  )}
                  <Button
                    color="red"
                    variant="light"
                    size="xs"
                    onClick={() => saving.command({ intent: "trash" })}
                  >
                    {t("content.trash")}
                  </Button>
                </Group>
              </Box>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
