import {
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
import { Suspense, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  ContentEditor,
  ContentTranslations,
  DraftHeading,
  ItemActions,
  readingMinutes,
  SaveButtons,
  SaveProblems,
  SaveState,
  ScheduleControls,
  SeoPanel,
  useDraftEditor,
} from "~/features/content/content";
import { MediaPicker } from "~/features/media/media";
import { emptyPostDraft, type PostEditorState, type PostLanguages } from "../post-editing";
import { PostRevisions, type RevisionRow } from "./post-revisions";

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
  const [picking, setPicking] = useState(false);
  const editor = useDraftEditor(state, state?.post ?? emptyPostDraft, {
    editorPath: "/dashboard/post",
    field: "post",
  });
  const { draft, set, saving, saved, errorAt } = editor;
  /** A text field of the draft: its value, its refusal and its change. */
  const bind = (key: TextField) => ({
    value: draft[key],
    error: errorAt(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const status = saved.status;
  const translation = languages.translationOf;
  const address = `/blog/${draft.slug || "…"}${translation ? `?lang=${translation.language}` : ""}`;

  return (
    <Stack gap="lg">
      <DraftHeading
        title={t(saved.id ? "posts.editor.editTitle" : "posts.editor.newTitle")}
        status={status}
        language={translation?.language ?? null}
        back={{ href: "/dashboard/posts", label: t("posts.editor.allPosts") }}
        view={{ href: address, label: t("posts.editor.view") }}
      />
      <SaveProblems editor={editor} />

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
                <SaveState
                  editor={editor}
                  idle={
                    status === "scheduled" && saved.publishedAt
                      ? t("posts.editor.scheduledFor", {
                          time: new Date(saved.publishedAt).toLocaleString(i18n.language),
                        })
                      : ""
                  }
                />
                <Group grow>
                  <SaveButtons editor={editor} />
                </Group>
                <ScheduleControls editor={editor} />
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
                compareAt={`/dashboard/post/${saved.id}`}
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
              <ItemActions command={saving.command} translation={translation !== null} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
