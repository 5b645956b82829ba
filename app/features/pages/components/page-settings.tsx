import {
  Grid,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  ContentTranslations,
  ItemActions,
  ScheduleControls,
  SeoPanel,
  type ContentLanguages,
  type DraftEditor,
} from "~/features/content/content";
import type { PageDraft, PageKindName } from "../page-editing";
import { PageRevisions, type RevisionRow } from "./page-revisions";

export type { RevisionRow };

const address = (kind: PageKindName, slug: string, language?: string) =>
  (kind === "doc" ? `/docs/${slug || "…"}` : kind === "funnel" ? "/f/…" : `/${slug || "…"}`) +
  (language ? `?lang=${language}` : "");

type TextField = "description" | "seoTitle" | "seoDescription" | "seoImage";

/**
 * The page's settings beside the builder: publishing, address, summary, SEO, revisions and
 * languages. A translation keeps its original's address and kind.
 */
export function PageSettings({
  editor,
  siteUrl,
  revisions,
  languages,
  editorPath,
  oneKind = false,
}: {
  editor: DraftEditor<PageDraft>;
  siteUrl: string;
  /** The builder's screen (the site's pages, or the platform's docs): a page's is under it. */
  editorPath: string;
  revisions: RevisionRow[];
  languages: ContentLanguages;
  /** No choice of kind: each of the platform's screens holds one (docs, or plain pages). */
  oneKind?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { draft, set, errorAt, saved, saving } = editor;
  const bind = (key: TextField) => ({
    value: draft[key],
    error: errorAt(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const status = saved.status;
  const translation = languages.translationOf;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              {t("pages.editor.settings")}
            </Title>
            <Stack gap="sm">
              {oneKind || draft.kind === "funnel" ? null : (
                <div>
                  <Text size="sm" fw={500} id="page-kind-label">
                    {t("pages.editor.kind")}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="page-kind-label"
                    value={draft.kind}
                    disabled={translation !== null}
                    onChange={(value) => set("kind", value as PageKindName)}
                    data={[
                      { value: "page", label: t("pages.editor.kindPage") },
                      { value: "doc", label: t("pages.editor.kindDoc") },
                    ]}
                  />
                </div>
              )}
              {draft.kind === "funnel" ? null : (
                <TextInput
                  label={t("posts.editor.slug")}
                  description={t("pages.editor.slugHelp")}
                  value={draft.slug}
                  error={errorAt("slug")}
                  disabled={translation !== null}
                  onChange={(event) => set("slug", event.currentTarget.value.toLowerCase())}
                />
              )}
              <Textarea
                label={t("pages.editor.description")}
                description={t("pages.editor.descriptionHelp")}
                autosize
                minRows={2}
                {...bind("description")}
              />
            </Stack>
          </Paper>
          <SeoPanel
            bind={bind}
            preview={{
              title: draft.seoTitle || draft.title,
              url: `${siteUrl}${address(draft.kind, draft.slug, translation?.language)}`,
              description: draft.seoDescription || draft.description,
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="sm">
              {t("posts.editor.publishing")}
            </Title>
            <Stack gap="sm">
              {status === "scheduled" && saved.publishedAt ? (
                <Text size="sm">
                  {t("posts.editor.scheduledFor", {
                    time: new Date(saved.publishedAt).toLocaleString(i18n.language),
                  })}
                </Text>
              ) : null}
              <ScheduleControls editor={editor} />
            </Stack>
          </Paper>
          {saved.id ? (
            <PageRevisions
              revisions={revisions}
              compareAt={`${editorPath}/${saved.id}`}
              onRestore={(revisionId) =>
                saving.command({ intent: "restoreRevision", revisionId, version: saved.version })
              }
            />
          ) : null}
          {saved.id ? (
            <ContentTranslations
              languages={languages}
              busy={saving.busy}
              editorHref={(id) => `/dashboard/pages/${id}`}
              statusLabel={(value) => t(`posts.status.${value}`)}
              onTranslate={(language) => saving.command({ intent: "translate", language })}
            />
          ) : null}
          {saved.id ? (
            <ItemActions command={saving.command} translation={translation !== null} />
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
