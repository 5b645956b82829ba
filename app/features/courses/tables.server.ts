import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import type { CourseSettings, LessonContent, LessonDrip, LessonType } from "./course-shapes";
import { courseLevels, courseStatuses, lessonTypes } from "./course-shapes";

export type FeaturedImage = { image?: string; alt?: string };

/** A site's course categories (`/dashboard/manage/elearning/caetgory`), the catalogue's filter. */
export const courseCategories = pgTable(
  "course_categories",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("course_categories_account_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("course_categories"),
  ],
);

export const courses = pgTable(
  "courses",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    /** Sanitised HTML (the rich-text editor's). */
    description: text("description").notNull().default(""),
    featuredImage: jsonb("featured_image").$type<FeaturedImage>().notNull().default({}),
    /** Price in the currency's minor units; 0 = free. Display only until commerce sells it. */
    price: integer("price").notNull().default(0),
    /** draft: its instructors only; published: everyone; private: enrolled students only. */
    status: text("status", { enum: courseStatuses }).notNull().default("draft"),
    /** A category of this account; the use case clears it before a category is deleted. */
    categoryId: uuid("category_id"),
    level: text("level", { enum: courseLevels }).notNull().default("all"),
    /** One of the spec's languages; null = the site's. */
    language: text("language"),
    /** The instructor's estimate, in minutes; null = the lessons' sum. */
    durationMinutes: integer("duration_minutes"),
    /** Courses a student must have completed before enrolling. */
    prerequisiteIds: uuid("prerequisite_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    settings: jsonb("settings").$type<CourseSettings>().notNull().default({}),
    /** The person who made it (users.id); co-instructors are in course_instructors. */
    authorId: text("author_id"),
    /** Bumped by every save: an editor sends the version it loaded, so no save is lost unseen. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("courses_account_slug").on(t.accountId, t.slug),
    // Site search (features/search): trigram matching on the title.
    index("courses_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.categoryId],
      foreignColumns: [courseCategories.accountId, courseCategories.id],
    }),
    tenantIsolationPolicy("courses"),
  ],
);

/** Who teaches a course besides its author: they see and edit it as the author does. */
export const courseInstructors = pgTable(
  "course_instructors",
  {
    accountId: uuid("account_id").notNull(),
    courseId: uuid("course_id").notNull(),
    userId: text("user_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.courseId, t.userId] }),
    index("course_instructors_user").on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("course_instructors"),
  ],
);

/** A course's curriculum is sections of lessons, both ordered by `position`. */
export const courseSections = pgTable(
  "course_sections",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    courseId: uuid("course_id").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("course_sections_course").on(t.accountId, t.courseId, t.position),
    uniqueIndex("course_sections_account_course_id").on(t.accountId, t.courseId, t.id),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("course_sections"),
  ],
);

/**
 * A lesson of a section. Its type says how the player shows `content` (course-shapes.ts); a quiz
 * lesson points at its quiz by `content.quizId`. The section key includes the course, so a
 * lesson cannot sit in another course's section.
 */
export const lessons = pgTable(
  "lessons",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    courseId: uuid("course_id").notNull(),
    sectionId: uuid("section_id").notNull(),
    title: text("title").notNull(),
    /** Order within its section. */
    position: integer("position").notNull(),
    type: text("type", { enum: lessonTypes }).$type<LessonType>().notNull().default("text"),
    content: jsonb("content").$type<LessonContent>().notNull().default({}),
    /** Open to anyone, enrolled or not, from the public course page. */
    freePreview: boolean("free_preview").notNull().default(false),
    drip: jsonb("drip").$type<LessonDrip>().notNull().default({ kind: "none" }),
    durationMinutes: integer("duration_minutes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("lessons_course_section").on(t.accountId, t.courseId, t.sectionId, t.position),
    uniqueIndex("lessons_account_course_id").on(t.accountId, t.courseId, t.id),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.courseId, t.sectionId],
      foreignColumns: [courseSections.accountId, courseSections.courseId, courseSections.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("lessons"),
  ],
);
