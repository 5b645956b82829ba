import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { courses } from "../courses/tables.server";
import { members } from "../members/tables.server";
import type { AttemptGrades, QuestionData, QuizSettings } from "./quiz-shapes";
import { attemptStatuses, questionTypes } from "./quiz-shapes";

/**
 * A quiz belongs to a course (placed in its curriculum by a lesson of type quiz) or stands alone
 * in the instructor's quiz list (`course_id` null) until it is placed.
 */
export const quizzes = pgTable(
  "quizzes",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    courseId: uuid("course_id"),
    title: text("title").notNull(),
    /** Sanitised HTML shown before the first attempt. */
    description: text("description").notNull().default(""),
    settings: jsonb("settings").$type<QuizSettings>().notNull().default({}),
    authorId: text("author_id"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("quizzes_course").on(t.accountId, t.courseId),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("quizzes"),
  ],
);

/**
 * A quiz's questions are its bank: an attempt draws `settings.drawCount` of them (all when
 * absent). `data` holds the answer key: it never leaves the server before a submission.
 */
export const quizQuestions = pgTable(
  "quiz_questions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    quizId: uuid("quiz_id").notNull(),
    position: integer("position").notNull(),
    type: text("type", { enum: questionTypes }).notNull(),
    /** Sanitised HTML. */
    prompt: text("prompt").notNull(),
    points: real("points").notNull().default(1),
    data: jsonb("data").$type<QuestionData>().notNull(),
    /** Shown after submission, as the quiz's feedback setting allows. */
    feedback: text("feedback").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("quiz_questions_quiz").on(t.accountId, t.quizId, t.position),
    foreignKey({
      columns: [t.accountId, t.quizId],
      foreignColumns: [quizzes.accountId, quizzes.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("quiz_questions"),
  ],
);

/**
 * One attempt, kept by the server: the questions it drew and their shown order, when it started
 * and must end, the answers as the student saves them, and the grade once submitted. The unique
 * number per person and quiz is what makes the attempt limit hold under concurrent starts.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    quizId: uuid("quiz_id").notNull(),
    userId: text("user_id").notNull(),
    number: integer("number").notNull(),
    questionIds: uuid("question_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Per question, the order its options are shown in (shuffled answers). */
    optionOrder: jsonb("option_order").$type<Record<string, string[]>>().notNull().default({}),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: attemptStatuses }).notNull().default("in_progress"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** started_at + the time limit; null = no limit. Answers after it are refused. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** Points scored and possible; percent of possible. Null until graded. */
    score: real("score"),
    maxScore: real("max_score"),
    percent: real("percent"),
    passed: boolean("passed"),
    grades: jsonb("grades").$type<AttemptGrades>().notNull().default({}),
    gradedAt: timestamp("graded_at", { withTimezone: true }),
    gradedBy: text("graded_by"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("quiz_attempts_number").on(t.accountId, t.quizId, t.userId, t.number),
    index("quiz_attempts_status").on(t.accountId, t.status),
    foreignKey({
      columns: [t.accountId, t.quizId],
      foreignColumns: [quizzes.accountId, quizzes.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("quiz_attempts"),
  ],
);
