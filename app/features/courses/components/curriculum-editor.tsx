import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { LessonTypeIcon } from "./lesson-type-icon";
import { Sortable, SortableList } from "./sortable-list";
import {
  canStep,
  moveIn,
  newKey,
  stepLesson,
  type DraftLesson,
  type DraftSection,
} from "./builder-state";

/**
 * The curriculum: sections of lessons, each ordered by its handle (drag, or keyboard with space
 * and the arrows) or by its up/down buttons; a lesson's buttons also carry it into the section
 * before or after. A lesson opens in its editor.
 */
export function CurriculumEditor({
  sections,
  onChange,
  onEditLesson,
  announce,
  disabled,
}: {
  sections: DraftSection[];
  onChange: (next: DraftSection[]) => void;
  onEditLesson: (key: string) => void;
  announce: (message: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const untitled = t("courseBuilder.curriculum.untitled");
  const sectionLabel = (key: string) =>
    sections.find((section) => section.key === key)?.title.trim() || untitled;
  const lessonLabel = (key: string) =>
    sections.flatMap((section) => section.lessons).find((lesson) => lesson.key === key)?.title ||
    untitled;

  function refocus(key: string, action: "up" | "down") {
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector(`[data-key="${key}"]`);
      const button =
        row?.querySelector<HTMLButtonElement>(`[data-move="${action}"]:not(:disabled)`) ??
        row?.querySelector<HTMLButtonElement>(`[data-move]:not(:disabled)`);
      button?.focus();
    });
  }

  function whereIs(next: DraftSection[], key: string) {
    const s = next.findIndex((section) => section.lessons.some((lesson) => lesson.key === key));
    if (s < 0) return "";
    const l = next[s]!.lessons.findIndex((lesson) => lesson.key === key);
    return t("courseBuilder.curriculum.lessonAt", {
      label: lessonLabel(key),
      position: l + 1,
      total: next[s]!.lessons.length,
      section: next[s]!.title.trim() || untitled,
    });
  }

  const moveSection = (from: number, to: number) => {
    const next = moveIn(sections, from, to);
    if (next === sections) return;
    onChange(next);
    announce(
      t("courseBuilder.curriculum.sectionAt", {
        label: sectionLabel(sections[from]!.key),
        position: to + 1,
        total: sections.length,
      }),
    );
  };
  const stepSection = (key: string, direction: -1 | 1) => {
    const from = sections.findIndex((section) => section.key === key);
    moveSection(from, from + direction);
    refocus(key, direction < 0 ? "up" : "down");
  };
  const stepOne = (key: string, direction: -1 | 1) => {
    const next = stepLesson(sections, key, direction);
    if (next === sections) return;
    onChange(next);
    announce(whereIs(next, key));
    refocus(key, direction < 0 ? "up" : "down");
  };
  const update = (key: string, change: (section: DraftSection) => DraftSection) =>
    onChange(sections.map((section) => (section.key === key ? change(section) : section)));
  const addLesson = (sectionKey: string) => {
    const lesson: DraftLesson = {
      key: newKey(),
      title: t("courseBuilder.curriculum.newLesson"),
      type: "text",
      content: {},
      freePreview: false,
      drip: { kind: "none" },
      durationMinutes: null,
    };
    update(sectionKey, (section) => ({ ...section, lessons: [...section.lessons, lesson] }));
    onEditLesson(lesson.key);
  };
  const addSection = () => {
    const key = newKey();
    onChange([
      ...sections,
      {
        key,
        title: t("courseBuilder.curriculum.newSection", { n: sections.length + 1 }),
        lessons: [],
      },
    ]);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLInputElement>(`[data-key="${key}"] input`)?.focus(),
    );
  };

  return (
    <Stack gap="md" ref={listRef}>
      {sections.length === 0 ? <Text c="dimmed">{t("courseBuilder.curriculum.empty")}</Text> : null}
      <SortableList
        keys={sections.map((section) => section.key)}
        labelOf={sectionLabel}
        onMove={moveSection}
      >
        <Stack component="ul" gap="md" p={0} m={0}>
          {sections.map((section, index) => (
            <Sortable
              key={section.key}
              id={section.key}
              testId="curriculum-section"
              handleLabel={t("courseBuilder.curriculum.dragSection", {
                label: sectionLabel(section.key),
              })}
            >
              {(handle) => (
                <Paper withBorder radius="md" p="sm">
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    {disabled ? null : handle}
                    <TextInput
                      style={{ flex: 1, minWidth: 0 }}
                      label={t("courseBuilder.curriculum.sectionTitle", { n: index + 1 })}
                      value={section.title}
                      disabled={disabled}
                      onChange={(event) => {
                        const title = event.currentTarget.value;
                        update(section.key, (current) => ({ ...current, title }));
                      }}
                    />
                    <Group gap={2} wrap="nowrap" pb={4}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        data-move="up"
                        disabled={disabled || index === 0}
                        aria-label={t("courseBuilder.curriculum.sectionUp", {
                          label: sectionLabel(section.key),
                        })}
                        onClick={() => stepSection(section.key, -1)}
                      >
                        <IconArrowUp size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        data-move="down"
                        disabled={disabled || index === sections.length - 1}
                        aria-label={t("courseBuilder.curriculum.sectionDown", {
                          label: sectionLabel(section.key),
                        })}
                        onClick={() => stepSection(section.key, 1)}
                      >
                        <IconArrowDown size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        disabled={disabled}
                        aria-label={t("courseBuilder.curriculum.deleteSection", {
                          label: sectionLabel(section.key),
                        })}
                        onClick={() => {
                          if (
                            section.lessons.length === 0 ||
                            window.confirm(t("courseBuilder.curriculum.confirmDeleteSection"))
                          )
                            onChange(sections.filter((item) => item.key !== section.key));
                        }}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <SortableList
                    keys={section.lessons.map((lesson) => lesson.key)}
                    labelOf={lessonLabel}
                    onMove={(from, to) => {
                      const lessons = moveIn(section.lessons, from, to);
                      const next = sections.map((item) =>
                        item.key === section.key ? { ...item, lessons } : item,
                      );
                      onChange(next);
                      announce(whereIs(next, section.lessons[from]!.key));
                    }}
                  >
                    <Stack component="ul" gap={6} p={0} m={0} mt="sm">
                      {section.lessons.map((lesson) => (
                        <Sortable
                          key={lesson.key}
                          id={lesson.key}
                          testId="curriculum-lesson"
                          handleLabel={t("courseBuilder.curriculum.dragLesson", {
                            label: lessonLabel(lesson.key),
                          })}
                        >
                          {(handle) => (
                            <Paper withBorder radius="sm" px="xs" py={6}>
                              <Group gap="xs" wrap="nowrap">
                                {disabled ? null : handle}
                                <LessonTypeIcon type={lesson.type} />
                                <UnstyledButton
                                  style={{ flex: 1, minWidth: 0 }}
                                  onClick={() => onEditLesson(lesson.key)}
                                  aria-label={t("courseBuilder.curriculum.editLesson", {
                                    label: lessonLabel(lesson.key),
                                  })}
                                >
                                  <Text size="sm" fw={500} truncate data-testid="lesson-title">
                                    {lesson.title || untitled}
                                  </Text>
                                </UnstyledButton>
                                {lesson.freePreview ? (
                                  <Badge size="xs" variant="light" visibleFrom="xs">
                                    {t("courseBuilder.lesson.preview")}
                                  </Badge>
                                ) : null}
                                <Group gap={2} wrap="nowrap">
                                  <ActionIcon
                                    variant="subtle"
                                    color="gray"
                                    data-move="up"
                                    disabled={disabled || !canStep(sections, lesson.key, -1)}
                                    aria-label={t("courseBuilder.curriculum.lessonUp", {
                                      label: lessonLabel(lesson.key),
                                    })}
                                    onClick={() => stepOne(lesson.key, -1)}
                                  >
                                    <IconArrowUp size={16} aria-hidden />
                                  </ActionIcon>
                                  <ActionIcon
                                    variant="subtle"
                                    color="gray"
                                    data-move="down"
                                    disabled={disabled || !canStep(sections, lesson.key, 1)}
                                    aria-label={t("courseBuilder.curriculum.lessonDown", {
                                      label: lessonLabel(lesson.key),
                                    })}
                                    onClick={() => stepOne(lesson.key, 1)}
                                  >
                                    <IconArrowDown size={16} aria-hidden />
                                  </ActionIcon>
                                  <ActionIcon
                                    variant="subtle"
                                    color="red"
                                    disabled={disabled}
                                    aria-label={t("courseBuilder.curriculum.deleteLesson", {
                                      label: lessonLabel(lesson.key),
                                    })}
                                    onClick={() =>
                                      update(section.key, (current) => ({
                                        ...current,
                                        lessons: current.lessons.filter(
                                          (item) => item.key !== lesson.key,
                                        ),
                                      }))
                                    }
                                  >
                                    <IconTrash size={16} aria-hidden />
                                  </ActionIcon>
                                </Group>
                              </Group>
                            </Paper>
                          )}
                        </Sortable>
                      ))}
                    </Stack>
                  </SortableList>
                  {disabled ? null : (
                    <Button
                      mt="sm"
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      onClick={() => addLesson(section.key)}
                    >
                      {t("courseBuilder.curriculum.addLesson", {
                        section: sectionLabel(section.key),
                      })}
                    </Button>
                  )}
                </Paper>
              )}
            </Sortable>
          ))}
        </Stack>
      </SortableList>
      {disabled ? null : (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addSection}
          >
            {t("courseBuilder.curriculum.addSection")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
