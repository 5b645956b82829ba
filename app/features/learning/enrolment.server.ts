import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { requireCourseTeacher } from "~/features/courses/courses.server";
import { courses } from "~/features/courses/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { emailPattern } from "~/platform/patterns";
import {
  completedCourseIds,
  courseById,
  enrolmentRow,
  escapeLike,
  type CourseRow,
} from "./queries.server";
import { enrolledEvent } from "./learning-events.server";
import { enrolments } from "./tables.server";

type Source = (typeof enrolments.$inferInsert)["source"];

const DAY = 86_400_000;

/** An enrolment's end: the date asked for, else the course's access days, else none. */
function expiryFor(course: CourseRow, now: Date, explicit?: Date | null): Date | null {
  if (explicit !== undefined) return explicit;
  const days = course.settings.accessDays;
  return days ? new Date(now.getTime() + days * DAY) : null;
}

function isLive(row: typeof enrolments.$inferSelect | null, now: Date) {
  return Boolean(
    row &&
    (row.status === "active" || row.status === "completed") &&
    (!row.expiresAt || row.expiresAt.getTime() > now.getTime()),
  );
}

/**
 * Inside the caller's transaction: enrols `userId`, or renews a cancelled or expired enrolment
 * (its progress kept). Answers false when a live enrolment was already there.
 */
async function putEnrolment(
  tx: Tx,
  {
    accountId,
    course,
    userId,
    source,
    now,
    expiresAt,
  }: {
    accountId: string;
    course: CourseRow;
    userId: string;
    source: Source;
    now: Date;
    expiresAt?: Date | null;
  },
): Promise<boolean> {
  const existing = await enrolmentRow(tx, { accountId, courseId: course.id, userId });
  if (isLive(existing, now)) return false;
  const ends = expiryFor(course, now, expiresAt);
  if (!existing) {
    const rows = await tx
      .insert(enrolments)
      .values({ accountId, courseId: course.id, userId, source, enrolledAt: now, expiresAt: ends })
      .onConflictDoNothing()
      .returning({ userId: enrolments.userId });
    if (rows.length)
      await enrolledEvent(tx, { accountId, courseId: course.id, userId, source, now });
    return rows.length > 0;
  }
  await tx
    .update(enrolments)
    .set({
      status: existing.completedAt ? "completed" : "active",
      source,
      enrolledAt: now,
      expiresAt: ends,
    })
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.courseId, course.id),
        eq(enrolments.userId, userId),
      ),
    );
  await enrolledEvent(tx, { accountId, courseId: course.id, userId, source, now });
  return true;
}

/**
 * An automation's step enrols a member (issue 34), inside its run's transaction: as a teacher's
 * enrolment (source `manual`), whatever the course's price.
 */
export async function enrolByAutomation(
  tx: Tx,
  {
    accountId,
    courseId,
    userId,
    now,
  }: { accountId: string; courseId: string; userId: string; now: Date },
): Promise<"enrolled" | "already" | "noCourse"> {
  const course = await courseById(tx, { accountId, id: courseId });
  if (!course) return "noCourse";
  const enrolled = await putEnrolment(tx, { accountId, course, userId, source: "manual", now });
  return enrolled ? "enrolled" : "already";
}

export type SelfEnrolment =
  | { ok: true; enrolled: boolean }
  | { ok: false; reason: "paid" | "prerequisites"; missing?: { id: string; title: string }[] };

/**
 * Scope 3: a signed-in member enrols in a free published course with one click, once its
 * prerequisites are completed. A paid course waits for commerce.
 */
export async function enrolSelf(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; courseId: string; now?: Date },
): Promise<SelfEnrolment> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  const userId = viewer.user.id;
  return database.forAccount(accountId, async (tx) => {
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course || course.status !== "published") throw new AppError({ code: "route.notFound" });
    const existing = await enrolmentRow(tx, { accountId, courseId, userId });
    if (isLive(existing, now)) return { ok: true, enrolled: false };
    if (course.price > 0) return { ok: false, reason: "paid" };
    const done = await completedCourseIds(tx, {
      accountId,
      userId,
      courseIds: course.prerequisiteIds,
    });
    const missingIds = course.prerequisiteIds.filter((id) => !done.has(id));
    if (missingIds.length > 0) {
      const missing = await tx
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), inArray(courses.id, missingIds)));
      return { ok: false, reason: "prerequisites", missing };
    }
    const enrolled = await putEnrolment(tx, { accountId, course, userId, source: "free", now });
    return { ok: true, enrolled };
  });
}

export type InstructorEnrolment = { enrolled: string[]; already: string[]; unknown: string[] };

/** Up to this many addresses in one CSV list. */
export const MAX_ENROL_EMAILS = 5000;

/** The addresses of a pasted CSV or list: every cell that looks like an e-mail, once, lowercased. */
export function emailsOfCsv(text: string): string[] {
  const cells = text.split(/[\s,;]+/).map((cell) => cell.trim().replace(/^["']|["']$/g, ""));
  const found = cells.filter((cell) => emailPattern.test(cell));
  return [...new Set(found.map((cell) => cell.toLowerCase()))];
}

/**
 * Scope 3: a teacher of the course (manage_students) enrols existing members by e-mail, one or a
 * CSV list, in one transaction; the answer says which were enrolled, already enrolled, unknown.
 */
export async function enrolByTeacher(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    emails,
    expiresAt,
    source = "manual",
    now = new Date(),
  }: {
    accountId: string;
    viewer: Viewer | null;
    courseId: string;
    emails: string[];
    expiresAt?: Date | null;
    source?: "manual" | "csv";
    now?: Date;
  },
): Promise<InstructorEnrolment> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))].filter(Boolean);
  if (wanted.length > MAX_ENROL_EMAILS) throw new AppError({ code: "request.tooLarge" });
  return database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_students" });
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course) throw new AppError({ code: "route.notFound" });
    const found = wanted.length
      ? await tx
          .select({ userId: members.userId, email: sql<string>`lower(${members.email})` })
          .from(members)
          .where(
            and(eq(members.accountId, accountId), inArray(sql`lower(${members.email})`, wanted)),
          )
      : [];
    const byEmail = new Map(found.map((row) => [row.email, row.userId]));
    const answer: InstructorEnrolment = { enrolled: [], already: [], unknown: [] };
    for (const email of wanted) {
      const userId = byEmail.get(email);
      if (!userId) answer.unknown.push(email);
      else if (await putEnrolment(tx, { accountId, course, userId, source, now, expiresAt }))
        answer.enrolled.push(email);
      else answer.already.push(email);
    }
    return answer;
  });
}

/** Scope 3: a teacher ends a student's enrolment (their progress is kept if they return). */
export async function unenrol(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    userId,
  }: { accountId: string; viewer: Viewer | null; courseId: string; userId: string },
): Promise<{ ok: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_students" });
    const rows = await tx
      .update(enrolments)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(enrolments.accountId, accountId),
          eq(enrolments.courseId, courseId),
          eq(enrolments.userId, userId),
        ),
      )
      .returning({ userId: enrolments.userId });
    if (rows.length === 0) throw new AppError({ code: "route.notFound" });
    return { ok: true };
  });
}

/** Scope 3: a teacher sets when a student's access ends (null: never). */
export async function setEnrolmentExpiry(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    userId,
    expiresAt,
  }: {
    accountId: string;
    viewer: Viewer | null;
    courseId: string;
    userId: string;
    expiresAt: Date | null;
  },
): Promise<{ ok: true }> {
  return database.forAccount(accountId, async (tx) => {
    await requireCourseTeacher(tx, { accountId, courseId, viewer, cap: "manage_students" });
    const rows = await tx
      .update(enrolments)
      .set({ expiresAt })
      .where(
        and(
          eq(enrolments.accountId, accountId),
          eq(enrolments.courseId, courseId),
          eq(enrolments.userId, userId),
        ),
      )
      .returning({ userId: enrolments.userId });
    if (rows.length === 0) throw new AppError({ code: "route.notFound" });
    return { ok: true };
  });
}

export const STUDENTS_PAGE_SIZE = 50;

export type StudentRow = {
  userId: string;
  name: string;
  email: string;
  status: string;
  enrolledAt: string;
  expiresAt: string | null;
  progressPercent: number;
  lastActivityAt: string | null;
};

/**
 * Scope 3: a course's students, newest first, a page at a time (the enrolments index on
 * account, course, enrolled date), found by name or e-mail.
 */
export async function listStudents(
  database: Database,
  {
    accountId,
    viewer,
    courseId,
    search = "",
    page = 1,
  }: { accountId: string; viewer: Viewer | null; courseId: string; search?: string; page?: number },
): Promise<{
  course: { id: string; title: string; slug: string };
  rows: StudentRow[];
  total: number;
  page: number;
  pageSize: number;
  canLinkParents: boolean;
}> {
  return database.forAccount(accountId, async (tx) => {
    const role = await requireCourseTeacher(tx, {
      accountId,
      courseId,
      viewer,
      cap: "manage_students",
    });
    const course = await courseById(tx, { accountId, id: courseId });
    if (!course) throw new AppError({ code: "route.notFound" });
    const q = search.trim();
    const where = and(
      eq(enrolments.accountId, accountId),
      eq(enrolments.courseId, courseId),
      q
        ? or(ilike(members.name, `%${escapeLike(q)}%`), ilike(members.email, `%${escapeLike(q)}%`))
        : undefined,
    );
    const join = and(
      eq(members.accountId, enrolments.accountId),
      eq(members.userId, enrolments.userId),
    );
    const [total] = await tx
      .select({ n: count() })
      .from(enrolments)
      .innerJoin(members, join)
      .where(where);
    const current = Math.max(1, Math.floor(page));
    const rows = await tx
      .select({
        userId: enrolments.userId,
        name: members.name,
        email: members.email,
        status: enrolments.status,
        enrolledAt: enrolments.enrolledAt,
        expiresAt: enrolments.expiresAt,
        progressPercent: enrolments.progressPercent,
        lastActivityAt: enrolments.lastActivityAt,
      })
      .from(enrolments)
      .innerJoin(members, join)
      .where(where)
      .orderBy(desc(enrolments.enrolledAt), desc(enrolments.userId))
      .limit(STUDENTS_PAGE_SIZE)
      .offset((current - 1) * STUDENTS_PAGE_SIZE);
    return {
      course: { id: course.id, title: course.title, slug: course.slug },
      rows: rows.map((row) => ({
        ...row,
        enrolledAt: row.enrolledAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
        lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
      })),
      total: total?.n ?? 0,
      page: current,
      pageSize: STUDENTS_PAGE_SIZE,
      canLinkParents: role === "manager",
    };
  });
}
