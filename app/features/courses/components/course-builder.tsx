import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Image,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { Suspense, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { currencyDigits } from "~/features/cart/cart";
import { ContentEditor, nativeLanguageName } from "~/features/content/content";
import { MediaPicker } from "~/features/media/media";
import { languageCodes } from "~/platform/i18n/languages";
import type { loadCourseForBuilder } from "../course-builder.server";
import { courseLevels, courseStatuses, type CourseStatus } from "../course-shapes";
import { formatPrice } from "../price";
import type { CourseFields } from "../validation";
import { curriculumInput, draftCurriculum, type DraftSection } from "./builder-state";
import { CurriculumEditor } from "./curriculum-editor";
import { LessonEditor } from "./lesson-editor";
import { CourseViews } from "./course-views";
import { saveProblemKey } from "./save-problem";
export { saveProblemKey };
import { StatusBadge } from "./status-badge";

export type CourseBuilderData = Awaited<ReturnType<typeof loadCourseForBuilder>>;
export type CourseSaveBody = {
  intent: "save";
  version: number;
  course: CourseFields;
  curriculum?: ReturnType<typeof curriculumInput>;
};

/**
 * M1 the course builder: the course's details, its curriculum and its settings, saved together
 * (with the version it loaded). Remounted by the route after each save with what was stored.
 */
export function CourseBuilder({
  data,
  currency,
  tab,
  onTab,
  onSave,
  saving,
  problem,
  notice,
  mediaScope,
}: {
  data: CourseBuilderData;
  currency: string;
  tab: string;
  onTab: (tab: string) => void;
  onSave: (body: CourseSaveBody) => void;
  saving: boolean;
  problem: { code: string; field?: string } | null;
  notice: string | null;
  mediaScope: "own" | "all";
}) {
  const { t, i18n } = useTranslation();
  const { course } = data;
  const { id: courseId, version, authorId: _author, ...initial } = course;
  const [fields, setFields] = useState<CourseFields>(initial as CourseFields);
  const [sections, setSections] = useState<DraftSection[]>(() => draftCurriculum(data.curriculum));
  const [editing, setEditing] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [said, setSaid] = useState("");
  const set = (change: Partial<CourseFields>) =>
    setFields((current) => ({ ...current, ...change }));
  const digits = currencyDigits(currency);
  const lesson =
    sections.flatMap((section) => section.lessons).find((item) => item.key === editing) ?? null;

  const save = (status?: CourseStatus) =>
    onSave({
      intent: "save",
      version,
      course: { ...fields, ...(status ? { status } : {}) },
      ...(data.canEditCurriculum ? { curriculum: curriculumInput(sections) } : {}),
    });

  return (
    <Stack gap="md" data-testid="course-builder">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
          <Anchor component={Link} to="/dashboard/instructor" size="sm">
            {t("courseBuilder.backToCourses")}
          </Anchor>
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Title order={1} fz="h2" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {fields.title || t("courseBuilder.curriculum.untitled")}
            </Title>
            <StatusBadge status={course.status} />
          </Group>
          <CourseViews courseId={course.id} />
        </Stack>
        <Group gap="xs">
          {course.status === "published" ? (
            <Button component="a" href={`/course/${course.slug}`} variant="subtle" target="_blank">
              {t("courseBuilder.viewCourse")}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => save()} loading={saving}>
            {t("courseBuilder.save")}
          </Button>
          {course.status !== "published" ? (
            <Button onClick={() => save("published")} loading={saving}>
              {t("courseBuilder.publish")}
            </Button>
          ) : null}
        </Group>
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="builder-problem">
          {t(saveProblemKey(problem.code))}
          {problem.field ? ` (${problem.field})` : ""}
        </Alert>
      ) : null}
      {notice ? (
        <Alert color="green" variant="light" role="status" data-testid="builder-notice">
          {notice}
        </Alert>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
      <Tabs value={tab} onChange={(value) => value && onTab(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t("courseBuilder.tabs.details")}</Tabs.Tab>
          <Tabs.Tab value="curriculum">
            {t("courseBuilder.tabs.curriculum")}{" "}
            <Badge size="xs" variant="light" component="span">
              {sections.reduce((sum, section) => sum + section.lessons.length, 0)}
            </Badge>
          </Tabs.Tab>
          <Tabs.Tab value="settings">{t("courseBuilder.tabs.settings")}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="details" pt="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack>
                <TextInput
                  label={t("courseBuilder.fields.title")}
                  required
                  value={fields.title}
                  onChange={(event) => set({ title: event.currentTarget.value })}
                />
                <TextInput
                  label={t("courseBuilder.fields.slug")}
                  description={`/course/${fields.slug}`}
                  required
                  value={fields.slug}
                  error={
                    problem?.code === "courses.slugTaken"
                      ? t("courseBuilder.errors.slugTaken")
                      : null
                  }
                  onChange={(event) => set({ slug: event.currentTarget.value.toLowerCase() })}
                />
                <TextInput
                  label={t("courseBuilder.fields.subtitle")}
                  value={fields.subtitle}
                  onChange={(event) => set({ subtitle: event.currentTarget.value })}
                />
                <Text size="sm" fw={500} mb={-8} aria-hidden>
                  {t("courseBuilder.fields.description")}
                </Text>
                <ContentEditor
                  label={t("courseBuilder.fields.description")}
                  value={fields.description}
                  onChange={(description) => set({ description })}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack>
                <Paper withBorder p="sm" radius="md">
                  <Stack gap="xs">
                    <Text size="sm" fw={500}>
                      {t("courseBuilder.fields.image")}
                    </Text>
                    {fields.featuredImage.image ? (
                      <Image
                        src={fields.featuredImage.image}
                        alt={fields.featuredImage.alt ?? ""}
                        radius="sm"
                      />
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t("courseBuilder.fields.noImage")}
                      </Text>
                    )}
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setPicking(true)}>
                        {t("courseBuilder.fields.pickImage")}
                      </Button>
                      {fields.featuredImage.image ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => set({ featuredImage: {} })}
                        >
                          {t("courseBuilder.fields.removeImage")}
                        </Button>
                      ) : null}
                    </Group>
                  </Stack>
                </Paper>
                <Select
                  label={t("courseBuilder.fields.category")}
                  placeholder={t("courseBuilder.fields.noCategory")}
                  data={data.categories.map((category) => ({
                    value: category.id,
                    label: category.name,
                  }))}
                  value={fields.categoryId}
                  clearable
                  onChange={(categoryId) => set({ categoryId })}
                />
                <Select
                  label={t("courseBuilder.fields.level")}
                  data={courseLevels.map((level) => ({
                    value: level,
                    label: t(`site.courses.levels.${level}`),
                  }))}
                  value={fields.level}
                  allowDeselect={false}
                  onChange={(level) => level && set({ level: level as CourseFields["level"] })}
                />
                <Select
                  label={t("courseBuilder.fields.language")}
                  placeholder={t("courseBuilder.fields.siteLanguage")}
                  data={languageCodes.map((code) => ({
                    value: code,
                    label: nativeLanguageName(code),
                  }))}
                  value={fields.language}
                  clearable
                  searchable
                  onChange={(language) => set({ language: language as CourseFields["language"] })}
                />
                <NumberInput
                  label={t("courseBuilder.fields.price", { currency })}
                  description={formatPrice({
                    minor: fields.price,
                    currency,
                    lang: i18n.language,
                    free: t("site.courses.free"),
                  })}
                  min={0}
                  decimalScale={digits}
                  value={fields.price / 10 ** digits}
                  onChange={(value) =>
                    set({ price: Math.max(0, Math.round((Number(value) || 0) * 10 ** digits)) })
                  }
                />
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="curriculum" pt="md">
          {data.canEditCurriculum ? null : (
            <Alert variant="light" mb="md">
              {t("courseBuilder.curriculum.readOnly")}
            </Alert>
          )}
          <CurriculumEditor
            sections={sections}
            onChange={setSections}
            onEditLesson={setEditing}
            announce={setSaid}
            disabled={!data.canEditCurriculum}
          />
        </Tabs.Panel>

        <Tabs.Panel value="settings" pt="md">
          <Stack maw={640}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="course-status-label">
                {t("courseBuilder.fields.status")}
              </Text>
              <SegmentedControl
                aria-labelledby="course-status-label"
                data={courseStatuses.map((status) => ({
                  value: status,
                  label: t(`courseBuilder.status.${status}`),
                }))}
                value={fields.status}
                onChange={(status) => set({ status: status as CourseStatus })}
              />
              <Text size="xs" c="dimmed">
                {t(`courseBuilder.statusHelp.${fields.status}`)}
              </Text>
            </Stack>
            <NumberInput
              label={t("courseBuilder.fields.duration")}
              description={t("courseBuilder.fields.durationHelp")}
              min={1}
              value={fields.durationMinutes ?? ""}
              onChange={(value) =>
                set({ durationMinutes: value === "" ? null : Math.max(1, Number(value) || 1) })
              }
            />
            <MultiSelect
              label={t("courseBuilder.fields.instructors")}
              description={t("courseBuilder.fields.instructorsHelp")}
              data={data.instructors.map((person) => ({
                value: person.userId,
                label: person.name,
              }))}
              value={fields.instructorIds}
              searchable
              onChange={(instructorIds) => set({ instructorIds })}
            />
            <MultiSelect
              label={t("courseBuilder.fields.prerequisites")}
              data={data.prerequisites.map((other) => ({ value: other.id, label: other.title }))}
              value={fields.prerequisiteIds}
              searchable
              onChange={(prerequisiteIds) => set({ prerequisiteIds })}
            />
            <Switch
              label={t("courseBuilder.fields.sequential")}
              checked={fields.settings.sequential ?? false}
              onChange={(event) =>
                set({ settings: { ...fields.settings, sequential: event.currentTarget.checked } })
              }
            />
            <Switch
              label={t("courseBuilder.fields.certificate")}
              checked={fields.settings.certificate ?? false}
              onChange={(event) =>
                set({ settings: { ...fields.settings, certificate: event.currentTarget.checked } })
              }
            />
            <NumberInput
              label={t("courseBuilder.fields.accessDays")}
              description={t("courseBuilder.fields.accessDaysHelp")}
              min={1}
              max={36500}
              value={fields.settings.accessDays ?? ""}
              onChange={(value) =>
                set({
                  settings: {
                    ...fields.settings,
                    accessDays: value === "" ? undefined : Math.max(1, Number(value) || 1),
                  },
                })
              }
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <LessonEditor
        courseId={courseId}
        lesson={lesson}
        mediaScope={mediaScope}
        onClose={() => setEditing(null)}
        onChange={(next) =>
          setSections((current) =>
            current.map((section) => ({
              ...section,
              lessons: section.lessons.map((item) => (item.key === next.key ? next : item)),
            })),
          )
        }
      />
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            opened
            kind="image"
            scope={mediaScope}
            onClose={() => setPicking(false)}
            onPick={(item) => set({ featuredImage: { image: item.url, alt: item.alt } })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
