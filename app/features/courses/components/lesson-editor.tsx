import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPaperclip, IconTrash } from "@tabler/icons-react";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ContentEditor, embedOf } from "~/features/content/content";
import { MediaPicker, type MediaItem, type MediaKind } from "~/features/media/media";
import { lessonTypes, videoSources, type LessonFile, type LessonType } from "../course-shapes";
import type { DraftLesson } from "./builder-state";

const fileOf = (item: MediaItem): LessonFile => ({
  mediaId: item.id,
  name: item.name,
  url: item.url,
  bytes: item.size,
});

/** The course's quizzes, from the quiz engine's API; none (or no API yet) is the empty state. */
function useCourseQuizzes(courseId: string, wanted: boolean) {
  const [quizzes, setQuizzes] = useState<{ id: string; title: string }[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetch(`/api/courses/${courseId}/quizzes`, { headers: { accept: "application/json" } })
      .then(async (response) =>
        response.ok
          ? ((await response.json()) as { quizzes?: { id: string; title: string }[] })
          : {},
      )
      .then(
        (answer) => live && setQuizzes(Array.isArray(answer.quizzes) ? answer.quizzes : []),
        () => live && setQuizzes([]),
      );
    return () => {
      live = false;
    };
  }, [courseId, wanted]);
  return quizzes;
}

/** One lesson's editor, in a modal: its title, type and the type's content, preview, drip, duration. */
export function LessonEditor({
  courseId,
  lesson,
  onChange,
  onClose,
  mediaScope,
}: {
  courseId: string;
  lesson: DraftLesson | null;
  onChange: (lesson: DraftLesson) => void;
  onClose: () => void;
  mediaScope: "own" | "all";
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<{
    kind?: MediaKind;
    into: "file" | "files" | "video";
  } | null>(null);
  const quizzes = useCourseQuizzes(courseId, lesson?.type === "quiz");
  if (!lesson) return null;
  const content = lesson.content;
  const set = (change: Partial<DraftLesson>) => onChange({ ...lesson, ...change });
  const setContent = (change: Partial<DraftLesson["content"]>) =>
    set({ content: { ...content, ...change } });
  const video = content.video ?? { source: "youtube" as const, url: "" };
  const external = video.source === "youtube" || video.source === "vimeo";
  const videoProblem =
    external && video.url.trim() !== "" && embedOf(video.url)?.provider !== video.source
      ? t("courseBuilder.lesson.videoInvalid")
      : null;
  const embedProblem =
    content.embedUrl && content.embedUrl.trim() !== "" && !embedOf(content.embedUrl)
      ? t("courseBuilder.lesson.embedInvalid")
      : null;
  const drip = lesson.drip;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("courseBuilder.lesson.title")}
      size="xl"
      data-testid="lesson-editor"
    >
      <Stack>
        <TextInput
          label={t("courseBuilder.lesson.name")}
          value={lesson.title}
          required
          onChange={(event) => set({ title: event.currentTarget.value })}
          data-autofocus
        />
        <Select
          label={t("courseBuilder.lesson.type")}
          data={lessonTypes.map((type) => ({
            value: type,
            label: t(`site.courses.lessonTypes.${type}`),
          }))}
          value={lesson.type}
          allowDeselect={false}
          onChange={(value) => value && set({ type: value as LessonType })}
        />
        {lesson.type === "text" ? (
          <ContentEditor
            label={t("courseBuilder.lesson.text")}
            value={content.html ?? ""}
            onChange={(html) => setContent({ html })}
          />
        ) : null}
        {lesson.type === "video" ? (
          <Stack gap="xs">
            <Text size="sm" fw={500} id="video-source-label">
              {t("courseBuilder.lesson.videoSource")}
            </Text>
            <SegmentedControl
              aria-labelledby="video-source-label"
              data={videoSources.map((source) => ({
                value: source,
                label: t(`courseBuilder.lesson.videoSources.${source}`),
              }))}
              value={video.source}
              onChange={(source) =>
                setContent({ video: { source: source as typeof video.source, url: "" } })
              }
            />
            {video.source === "upload" ? (
              <Group>
                <Button
                  variant="default"
                  onClick={() => setPicking({ kind: "video", into: "video" })}
                >
                  {t("courseBuilder.lesson.pickVideo")}
                </Button>
                <Text size="sm" c="dimmed" truncate>
                  {video.url || t("courseBuilder.lesson.noFile")}
                </Text>
              </Group>
            ) : (
              <TextInput
                label={t("courseBuilder.lesson.videoUrl")}
                placeholder={
                  video.source === "youtube"
                    ? "https://www.youtube.com/watch?v=…"
                    : video.source === "vimeo"
                      ? "https://vimeo.com/…"
                      : "https://…"
                }
                value={video.url}
                error={videoProblem}
                onChange={(event) =>
                  setContent({ video: { source: video.source, url: event.currentTarget.value } })
                }
              />
            )}
          </Stack>
        ) : null}
        {lesson.type === "audio" || lesson.type === "pdf" ? (
          <Group>
            <Button
              variant="default"
              onClick={() =>
                setPicking({ kind: lesson.type === "audio" ? "audio" : "document", into: "file" })
              }
            >
              {t(
                lesson.type === "audio"
                  ? "courseBuilder.lesson.pickAudio"
                  : "courseBuilder.lesson.pickPdf",
              )}
            </Button>
            <Text size="sm" c="dimmed" truncate>
              {content.file?.name ?? t("courseBuilder.lesson.noFile")}
            </Text>
          </Group>
        ) : null}
        {lesson.type === "embed" ? (
          <TextInput
            label={t("courseBuilder.lesson.embedUrl")}
            description={t("courseBuilder.lesson.embedHelp")}
            value={content.embedUrl ?? ""}
            error={embedProblem}
            onChange={(event) => setContent({ embedUrl: event.currentTarget.value })}
          />
        ) : null}
        {lesson.type === "quiz" ? (
          <Stack gap="xs">
            {quizzes && quizzes.length === 0 ? (
              <Alert variant="light">{t("courseBuilder.lesson.noQuizzes")}</Alert>
            ) : (
              <Select
                label={t("courseBuilder.lesson.quiz")}
                data={(quizzes ?? []).map((quiz) => ({ value: quiz.id, label: quiz.title }))}
                value={content.quizId ?? null}
                onChange={(value) => setContent({ quizId: value ?? undefined })}
              />
            )}
            <Anchor href={`/dashboard/instructor/quizzes?course=${courseId}`} size="sm">
              {t("courseBuilder.lesson.newQuiz")}
            </Anchor>
          </Stack>
        ) : null}

        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("courseBuilder.lesson.downloads")}
          </Text>
          {(content.files ?? []).map((file, index) => (
            <Group key={`${file.url}-${index}`} gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm" truncate style={{ flex: 1 }} data-testid="lesson-file">
                {file.name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("courseBuilder.lesson.removeFile", { name: file.name })}
                onClick={() =>
                  setContent({ files: (content.files ?? []).filter((_, i) => i !== index) })
                }
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button size="xs" variant="light" onClick={() => setPicking({ into: "files" })}>
              {t("courseBuilder.lesson.addFile")}
            </Button>
          </Group>
        </Stack>

        <Switch
          label={t("courseBuilder.lesson.freePreview")}
          description={t("courseBuilder.lesson.freePreviewHelp")}
          checked={lesson.freePreview}
          onChange={(event) => set({ freePreview: event.currentTarget.checked })}
        />
        <Group align="flex-end" grow>
          <Select
            label={t("courseBuilder.lesson.drip")}
            data={(["none", "days", "date"] as const).map((kind) => ({
              value: kind,
              label: t(`courseBuilder.lesson.dripKinds.${kind}`),
            }))}
            value={drip.kind}
            allowDeselect={false}
            onChange={(kind) =>
              set({
                drip:
                  kind === "days"
                    ? { kind: "days", days: 7 }
                    : kind === "date"
                      ? { kind: "date", date: new Date(Date.now() + 7 * 864e5).toISOString() }
                      : { kind: "none" },
              })
            }
          />
          {drip.kind === "days" ? (
            <NumberInput
              label={t("courseBuilder.lesson.dripDays")}
              min={1}
              max={3650}
              value={drip.days}
              onChange={(value) =>
                set({ drip: { kind: "days", days: Math.max(1, Number(value) || 1) } })
              }
            />
          ) : null}
          {drip.kind === "date" ? (
            <TextInput
              type="date"
              label={t("courseBuilder.lesson.dripDate")}
              value={drip.date.slice(0, 10)}
              onChange={(event) => {
                const day = event.currentTarget.value;
                if (/^\d{4}-\d{2}-\d{2}$/.test(day))
                  set({ drip: { kind: "date", date: `${day}T00:00:00.000Z` } });
              }}
            />
          ) : null}
          <NumberInput
            label={t("courseBuilder.lesson.duration")}
            min={1}
            max={100000}
            value={lesson.durationMinutes ?? ""}
            onChange={(value) =>
              set({ durationMinutes: value === "" ? null : Math.max(1, Number(value) || 1) })
            }
          />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t("courseBuilder.lesson.done")}</Button>
        </Group>
      </Stack>
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened
            kind={picking.kind}
            scope={mediaScope}
            onClose={() => setPicking(null)}
            onPick={(item) => {
              if (picking.into === "video")
                setContent({ video: { source: "upload", url: item.url, mediaId: item.id } });
              else if (picking.into === "file") setContent({ file: fileOf(item) });
              else setContent({ files: [...(content.files ?? []), fileOf(item)] });
            }}
          />
        </Suspense>
      ) : null}
    </Modal>
  );
}
