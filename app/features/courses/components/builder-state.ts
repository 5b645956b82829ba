import type { LessonContent, LessonDrip, LessonType } from "../course-shapes";
import type { CurriculumInput } from "../validation";

/** A lesson as the builder edits it: `key` is stable across moves (the saved id, or a new one). */
export type DraftLesson = {
  key: string;
  id?: string;
  title: string;
  type: LessonType;
  content: LessonContent;
  freePreview: boolean;
  drip: LessonDrip;
  durationMinutes: number | null;
};
export type DraftSection = { key: string; id?: string; title: string; lessons: DraftLesson[] };

let counter = 0;
export const newKey = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export function draftCurriculum(
  sections: {
    id: string;
    title: string;
    lessons: Omit<DraftLesson, "key">[];
  }[],
): DraftSection[] {
  return sections.map((section) => ({
    key: section.id,
    id: section.id,
    title: section.title,
    lessons: section.lessons.map((lesson) => ({ ...lesson, key: lesson.id! })),
  }));
}

/** What the server is sent: the curriculum in order, without the builder's keys. */
export function curriculumInput(sections: DraftSection[]): CurriculumInput {
  return sections.map(({ key: _key, ...section }) => ({
    ...section,
    lessons: section.lessons.map(({ key: _lessonKey, ...lesson }) => lesson),
  }));
}

/** Moves an item within a list from one index to another (a new array). */
export function moveIn<T>(list: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A lesson one step up or down: within its section, or across into the end of the section
 * before (or the start of the one after) when it is already at its section's edge.
 */
export function stepLesson(
  sections: DraftSection[],
  key: string,
  direction: -1 | 1,
): DraftSection[] {
  const s = sections.findIndex((section) => section.lessons.some((lesson) => lesson.key === key));
  if (s < 0) return sections;
  const lessons = sections[s]!.lessons;
  const l = lessons.findIndex((lesson) => lesson.key === key);
  const target = l + direction;
  if (target >= 0 && target < lessons.length)
    return sections.map((section, i) =>
      i === s ? { ...section, lessons: moveIn(lessons, l, target) } : section,
    );
  const neighbour = s + direction;
  if (neighbour < 0 || neighbour >= sections.length) return sections;
  const lesson = lessons[l]!;
  return sections.map((section, i) => {
    if (i === s) return { ...section, lessons: lessons.filter((item) => item.key !== key) };
    if (i === neighbour)
      return {
        ...section,
        lessons: direction < 0 ? [...section.lessons, lesson] : [lesson, ...section.lessons],
      };
    return section;
  });
}

/** Whether a lesson can take one step that way (within or across sections). */
export function canStep(sections: DraftSection[], key: string, direction: -1 | 1): boolean {
  return stepLesson(sections, key, direction) !== sections;
}
