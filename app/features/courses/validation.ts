import { z } from "zod";
import { languageCodes } from "~/platform/i18n/languages";
import { plainTextSchema, slugSchema } from "~/platform/safe-value-schemas";
import {
  courseLevels,
  courseSettingsSchema,
  courseStatuses,
  lessonContentSchema,
  lessonDripSchema,
  lessonTypes,
} from "./course-shapes";

/**
 * What the course builder sends (client-safe): the course's fields, and its whole curriculum in
 * order. The server checks both here, at the boundary, before any use case runs.
 */
const title = plainTextSchema(200).refine((value) => value.trim().length > 0, {
  params: { origin: "required" },
});

export const courseFieldsSchema = z.object({
  title,
  slug: slugSchema.refine((value) => value.length > 0, { params: { origin: "required" } }),
  subtitle: plainTextSchema(300),
  description: z.string().max(200_000),
  featuredImage: z.object({
    image: z.string().max(2000).optional(),
    alt: plainTextSchema(300).optional(),
  }),
  categoryId: z.uuid().nullable(),
  level: z.enum(courseLevels),
  language: z.enum(languageCodes).nullable(),
  price: z.number().int().min(0).max(100_000_000),
  status: z.enum(courseStatuses),
  durationMinutes: z.number().int().min(1).max(100_000).nullable(),
  prerequisiteIds: z.array(z.uuid()).max(20),
  instructorIds: z.array(z.string().min(1).max(100)).max(20),
  settings: courseSettingsSchema,
});
export type CourseFields = z.infer<typeof courseFieldsSchema>;

/** A lesson as the builder keeps it; `id` absent for a lesson not saved yet. */
export const lessonInputSchema = z.object({
  id: z.uuid().optional(),
  title,
  type: z.enum(lessonTypes),
  content: lessonContentSchema,
  freePreview: z.boolean(),
  drip: lessonDripSchema,
  durationMinutes: z.number().int().min(1).max(100_000).nullable(),
});
export type LessonInput = z.infer<typeof lessonInputSchema>;

export const sectionInputSchema = z.object({
  id: z.uuid().optional(),
  title,
  lessons: z.array(lessonInputSchema).max(200),
});
export type SectionInput = z.infer<typeof sectionInputSchema>;

export const curriculumSchema = z.array(sectionInputSchema).max(100);
export type CurriculumInput = z.infer<typeof curriculumSchema>;

/** One save of the builder: the version it loaded, the fields, and (for curriculum editors) the curriculum. */
export const courseSaveSchema = z.object({
  intent: z.literal("save"),
  version: z.number().int().min(1),
  course: courseFieldsSchema,
  curriculum: curriculumSchema.optional(),
});
export type CourseSave = z.infer<typeof courseSaveSchema>;

export const courseCreateSchema = z.object({ title });

export const courseCommandSchema = z.object({
  intent: z.enum(["duplicate", "delete"]),
  id: z.uuid(),
});

export const categoryInputSchema = z.object({
  id: z.uuid().optional(),
  name: title,
  slug: slugSchema.refine((value) => value.length > 0, { params: { origin: "required" } }),
  description: plainTextSchema(1000),
  position: z.number().int().min(0).max(10_000),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryCommandSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveCategory"), category: categoryInputSchema }),
  z.object({ intent: z.literal("deleteCategory"), id: z.uuid() }),
]);
