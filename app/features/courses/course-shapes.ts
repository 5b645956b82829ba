import { z } from "zod";

/**
 * The shapes a course and its lessons are stored in, shared by the builder (which checks them on
 * save), the player (which shows them) and the database columns' types. Client-safe.
 */
export const courseStatuses = ["draft", "published", "private"] as const;
export type CourseStatus = (typeof courseStatuses)[number];

export const courseLevels = ["all", "beginner", "intermediate", "advanced"] as const;
export type CourseLevel = (typeof courseLevels)[number];

export const lessonTypes = ["text", "video", "audio", "pdf", "files", "embed", "quiz"] as const;
export type LessonType = (typeof lessonTypes)[number];

export const videoSources = ["upload", "bunny", "youtube", "vimeo"] as const;

/** A file of the media library, as a lesson keeps it (the address is the library's). */
export const lessonFileSchema = z.object({
  mediaId: z.uuid().optional(),
  name: z.string().max(300),
  url: z.string().max(2000),
  bytes: z.number().int().nonnegative().optional(),
});
export type LessonFile = z.infer<typeof lessonFileSchema>;

/**
 * Every type keeps `html` (the lesson's text, sanitised on save) and `files` (downloads shown
 * under it); the rest depends on the type:
 * - video: `video` {source, url (YouTube/Vimeo page, the library file, or Bunny's), mediaId?}
 * - audio / pdf: `file` (from the media library)
 * - embed: `embedUrl` (an allowed provider's page, shown through the content embeds)
 * - quiz: `quizId` (a quiz of the same course)
 */
export const lessonContentSchema = z.object({
  html: z.string().max(500_000).optional(),
  files: z.array(lessonFileSchema).max(50).optional(),
  video: z
    .object({
      source: z.enum(videoSources),
      url: z.string().max(2000),
      mediaId: z.uuid().optional(),
    })
    .optional(),
  file: lessonFileSchema.optional(),
  embedUrl: z.string().max(2000).optional(),
  quizId: z.uuid().optional(),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** When a lesson opens: with the course, a number of days after enrolment, or on a date. */
export const lessonDripSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("none") }),
  z.object({ kind: z.literal("days"), days: z.number().int().min(1).max(3650) }),
  z.object({ kind: z.literal("date"), date: z.iso.datetime({ offset: true }) }),
]);
export type LessonDrip = z.infer<typeof lessonDripSchema>;

export const courseSettingsSchema = z.object({
  /** Lessons must be completed in order (each opens when the one before is done). */
  sequential: z.boolean().optional(),
  /** Issue a certificate on completion (needs the certificates add-on). */
  certificate: z.boolean().optional(),
  /** Days an enrolment lasts; absent = for ever. */
  accessDays: z.number().int().min(1).max(36500).optional(),
});
export type CourseSettings = z.infer<typeof courseSettingsSchema>;
