import { Alert, Anchor, Badge, Button, Group, Text, TextInput, Title } from "@mantine/core";
import { localInputToIso, toLocalInput } from "~/platform/datetime-local";
import { useEffect, useState } from "react";
import { fieldIssueMessage } from "~/platform/field-issues";
import type { LanguageCode } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { nativeLanguageName } from "../content-languages";
import type { ContentStatus, SaveIntent } from "../editing";
import { useContentSave } from "./use-content-save";

/*
 * What every editor of drafts shows and does around its own fields (posts, pages and docs;
 * campaigns next): the draft and its save through `useContentSave`, autosave of drafts, the
 * warning before leaving unsaved work, field refusals, the heading with its state, the
 * conflict and failure notices, the schedule controls and the item's duplicate and trash.
 */

const AUTOSAVE_AFTER_MS = 4000;

type Loaded = {
  id: string;
  version: number;
  status: ContentStatus;
  publishedAt: string | null;
};

/** A draft being edited: its fields, its saves (autosaved while a draft) and their answers. */
export function useDraftEditor<Draft extends { title: string }>(
  loaded: Loaded | null,
  initial: Draft,
  { editorPath, field }: { editorPath: string; field: string },
) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(initial);
  const [publishAt, setPublishAt] = useState(
    loaded?.status === "scheduled" ? toLocalInput(loaded.publishedAt) : "",
  );
  const saving = useContentSave(
    {
      id: loaded?.id ?? null,
      version: loaded?.version ?? 0,
      status: loaded?.status ?? "draft",
      publishedAt: loaded?.publishedAt ?? null,
    },
    { editorPath, field },
  );
  const { saved, answer } = saving;
  const [sent, setSent] = useState(() => JSON.stringify(draft));
  const dirty = JSON.stringify(draft) !== sent;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function save(intent: SaveIntent, overwrite = false) {
    setSent(JSON.stringify(draft));
    saving.save(intent, draft, {
      overwrite,
      publishAt: (intent === "schedule" && localInputToIso(publishAt)) || undefined,
    });
  }

  // Drafts save themselves a few seconds after the last change.
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
  return {
    draft,
    set,
    publishAt,
    setPublishAt,
    saving,
    saved,
    answer,
    dirty,
    save,
    issues,
    errorAt,
  };
}

export type DraftEditor<Draft extends { title: string } = { title: string }> = ReturnType<
  typeof useDraftEditor<Draft>
>;

/** The editor's heading: what it edits, its state, its language, the way back and to the live item. */
export function DraftHeading({
  title,
  status,
  language,
  back,
  view,
}: {
  title: string;
  status: ContentStatus;
  /** A translation's language. */
  language: LanguageCode | null;
  back: { href: string; label: string };
  view: { href: string; label: string };
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="center" wrap="wrap">
      <Group gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Badge
          variant="filled"
          autoContrast
          color={status === "published" ? "green" : status === "scheduled" ? "blue" : "gray"}
        >
          {t(`posts.status.${status}`)}
        </Badge>
        {language ? (
          <Badge variant="outline" color="gray" c="dark" lang={language}>
            {nativeLanguageName(language)}
          </Badge>
        ) : null}
      </Group>
      <Group gap="sm">
        <Anchor href={back.href} size="sm">
          {back.label}
        </Anchor>
        {status === "published" ? (
          <Anchor href={view.href} target="_blank" size="sm">
            {view.label}
          </Anchor>
        ) : null}
      </Group>
    </Group>
  );
}

/** A save refused over someone else's newer version (overwrite or reload), or one that failed. */
export function SaveProblems({ editor }: { editor: Pick<DraftEditor, "answer" | "save"> }) {
  const { t, i18n } = useTranslation();
  const { answer } = editor;
  if (!answer || answer.ok) return null;
  if (answer.code === "content.conflict" && answer.conflict) {
    const { conflict } = answer;
    return (
      <Alert color="orange" role="alert" title={t("content.conflict.title")}>
        <Text size="sm">
          {t("content.conflict.text", {
            name: conflict.authorName || t("content.someone"),
            time: new Date(conflict.updatedAt).toLocaleString(i18n.language),
          })}
        </Text>
        <Group mt="sm">
          <Button size="xs" color="orange" onClick={() => editor.save("save", true)}>
            {t("content.conflict.overwrite")}
          </Button>
          <Button size="xs" variant="default" onClick={() => window.location.reload()}>
            {t("content.conflict.reload")}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (answer.issues.length > 0) return null;
  const trashed = answer.code === "content.trashed";
  return (
    <Alert color="red" role="alert">
      {t(trashed ? "content.trashedText" : "content.saveFailed")}
    </Alert>
  );
}

/** Where the last save stands: saving, saved, autosaved, unsaved, or what `idle` says. */
export function SaveState({
  editor,
  idle = "",
  className,
}: {
  editor: Pick<DraftEditor, "saving" | "answer" | "dirty">;
  idle?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { saving, answer, dirty } = editor;
  return (
    <Text size="sm" role="status" data-testid="save-status" className={className}>
      {saving.busy
        ? t("content.saving")
        : answer?.ok
          ? t(saving.lastIntent === "autosave" ? "content.autosaved" : "content.saved")
          : dirty
            ? t("content.unsaved")
            : idle}
    </Text>
  );
}

/** Save (as a draft, or the live item) and publish now. */
export function SaveButtons({
  editor,
}: {
  editor: Pick<DraftEditor, "saving" | "saved" | "save">;
}) {
  const { t } = useTranslation();
  const { saving, saved } = editor;
  return (
    <>
      <Button
        variant="default"
        loading={saving.busy && saving.lastIntent === "save"}
        onClick={() => editor.save("save")}
      >
        {t(saved.status === "draft" ? "posts.editor.saveDraft" : "posts.editor.update")}
      </Button>
      {saved.status !== "published" ? (
        <Button onClick={() => editor.save("publish")}>{t("posts.editor.publish")}</Button>
      ) : null}
    </>
  );
}

/** When it goes live by itself, and taking it back to a draft. */
export function ScheduleControls({
  editor,
}: {
  editor: Pick<DraftEditor, "publishAt" | "setPublishAt" | "errorAt" | "saved" | "save">;
}) {
  const { t } = useTranslation();
  const { status } = editor.saved;
  return (
    <>
      <TextInput
        type="datetime-local"
        label={t("posts.editor.publishAt")}
        value={editor.publishAt}
        error={editor.errorAt("publishAt")}
        onChange={(event) => editor.setPublishAt(event.currentTarget.value)}
      />
      <Button variant="light" disabled={!editor.publishAt} onClick={() => editor.save("schedule")}>
        {t("posts.editor.schedule")}
      </Button>
      {status === "published" || status === "scheduled" ? (
        <Button variant="subtle" color="gray" onClick={() => editor.save("unpublish")}>
          {t("posts.editor.unpublish")}
        </Button>
      ) : null}
    </>
  );
}

/** Duplicate (not a translation: it is copied through its original) and move to the trash. */
export function ItemActions({
  command,
  translation,
}: {
  command: DraftEditor["saving"]["command"];
  translation: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      {translation ? null : (
        <Button variant="default" size="xs" onClick={() => command({ intent: "duplicate" })}>
          {t("content.duplicate")}
        </Button>
      )}
      <Button color="red" variant="light" size="xs" onClick={() => command({ intent: "trash" })}>
        {t("content.trash")}
      </Button>
    </Group>
  );
}
