import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { courses, lessons } from "../courses/tables.server";
import { members } from "../members/tables.server";

export const enrolmentSources = ["free", "manual", "csv", "purchase", "membership"] as const;
export const enrolmentStatuses = ["active", "completed", "expired", "cancelled"] as const;

/**
 * A person's place in a course. `progress_percent`, `last_lesson_id` and `last_activity_at` are
 * kept up to date by every completion, so lists and the gradebook need no aggregation.
 */
export const enrolments = pgTable(
  "enrolments",
  {
    accountId: uuid("account_id").notNull(),
    courseId: uuid("course_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status", { enum: enrolmentStatuses }).notNull().default("active"),
    source: text("source", { enum: enrolmentSources }).notNull(),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null = for ever. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    progressPercent: integer("progress_percent").notNull().default(0),
    lastLessonId: uuid("last_lesson_id"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.courseId, t.userId] }),
    index("enrolments_user").on(t.accountId, t.userId),
    index("enrolments_course_enrolled").on(t.accountId, t.courseId, t.enrolledAt),
    // The activity feed's completions, newest first.
    index("enrolments_completed").on(t.accountId, t.completedAt),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("enrolments"),
  ],
);

/** A lesson a person has completed (and where a video or audio was left). */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    accountId: uuid("account_id").notNull(),
    userId: text("user_id").notNull(),
    lessonId: uuid("lesson_id").notNull(),
    courseId: uuid("course_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Seconds into the lesson's media, for "continue where you left off". */
    positionSeconds: integer("position_seconds").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.lessonId] }),
    index("lesson_progress_course").on(t.accountId, t.courseId, t.lessonId),
    foreignKey({
      columns: [t.accountId, t.courseId, t.lessonId],
      foreignColumns: [lessons.accountId, lessons.courseId, lessons.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.courseId, t.userId],
      foreignColumns: [enrolments.accountId, enrolments.courseId, enrolments.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("lesson_progress"),
  ],
);

/** A student's own notes on a lesson (plain text). */
export const lessonNotes = pgTable(
  "lesson_notes",
  {
    accountId: uuid("account_id").notNull(),
    userId: text("user_id").notNull(),
    lessonId: uuid("lesson_id").notNull(),
    body: text("body").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.lessonId] }),
    foreignKey({
      columns: [t.accountId, t.lessonId],
      foreignColumns: [lessons.accountId, lessons.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("lesson_notes"),
  ],
);

/** A parent's read-only view of a student's progress, linked by a manager. */
export const parentLinks = pgTable(
  "parent_links",
  {
    accountId: uuid("account_id").notNull(),
    parentUserId: text("parent_user_id").notNull(),
    studentUserId: text("student_user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.parentUserId, t.studentUserId] }),
    foreignKey({
      columns: [t.accountId, t.parentUserId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.studentUserId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("parent_links"),
  ],
);
