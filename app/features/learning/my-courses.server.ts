import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { isCourseManager } from "~/features/courses/courses.server";
import { courses, lessons } from "~/features/courses/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { enrolments, parentLinks } from "./tables.server";

export type MyCourse = {
  courseId: string;
  title: string;
  slug: string;
  image: string | null;
  progressPercent: number;
  status: string;
  enrolledAt: string;
  expiresAt: string | null;
  completedAt: string | null;
  lastActivityAt: string | null;
  lastLessonId: string | null;
  lastLessonTitle: string | null;
  expired: boolean;
};

async function coursesOf(
  tx: Tx,
  { accountId, userId, now }: { accountId: string; userId: string; now: Date },
) {
  const rows = await tx
    .select({
      courseId: enrolments.courseId,
      title: courses.title,
      slug: courses.slug,
      featuredImage: courses.featuredImage,
      courseStatus: courses.status,
      progressPercent: enrolments.progressPercent,
      status: enrolments.status,
      enrolledAt: enrolments.enrolledAt,
      expiresAt: enrolments.expiresAt,
      completedAt: enrolments.completedAt,
      lastActivityAt: enrolments.lastActivityAt,
      lastLessonId: enrolments.lastLessonId,
      lastLessonTitle: lessons.title,
    })
    .from(enrolments)
    .innerJoin(
      courses,
      and(eq(courses.accountId, enrolments.accountId), eq(courses.id, enrolments.courseId)),
    )
    .leftJoin(
      lessons,
      and(eq(lessons.accountId, enrolments.accountId), eq(lessons.id, enrolments.lastLessonId)),
    )
    .where(
      and(
        eq(enrolments.accountId, accountId),
        eq(enrolments.userId, userId),
        inArray(enrolments.status, ["active", "completed", "expired"]),
      ),
    )
    .orderBy(sql`${enrolments.lastActivityAt} desc nulls last`, desc(enrolments.enrolledAt));
  return rows
    .filter((row) => row.courseStatus !== "draft")
    .map((row) => ({
      courseId: row.courseId,
      title: row.title,
      slug: row.slug,
      progressPercent: row.progressPercent,
      status: row.status,
      lastLessonId: row.lastLessonId,
      lastLessonTitle: row.lastLessonTitle,
      image: safeUrl(row.featuredImage.image) ?? null,
      enrolledAt: row.enrolledAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
      expired:
        row.status === "expired" ||
        Boolean(row.expiresAt && row.expiresAt.getTime() <= now.getTime()),
    }));
}

export type LinkedStudent = { userId: string; name: string; courses: MyCourse[] };

/**
 * Scope 4 and 9: `/dashboard/courses`: the viewer's courses (in progress first by last activity,
 * completed ones kept) and, for a parent, each linked student's courses, read-only.
 */
export async function myCourses(
  database: Database,
  { accountId, viewer, now = new Date() }: { accountId: string; viewer: Viewer; now?: Date },
): Promise<{ courses: MyCourse[]; students: LinkedStudent[] }> {
  return database.forAccount(accountId, async (tx) => {
    const own = await coursesOf(tx, { accountId, userId: viewer.user.id, now });
    const linked = await tx
      .select({ userId: parentLinks.studentUserId, name: members.name })
      .from(parentLinks)
      .innerJoin(
        members,
        and(
          eq(members.accountId, parentLinks.accountId),
          eq(members.userId, parentLinks.studentUserId),
        ),
      )
      .where(
        and(eq(parentLinks.accountId, accountId), eq(parentLinks.parentUserId, viewer.user.id)),
      )
      .orderBy(asc(members.name));
    const students: LinkedStudent[] = [];
    for (const student of linked)
      students.push({
        ...student,
        courses: await coursesOf(tx, { accountId, userId: student.userId, now }),
      });
    return { courses: own, students };
  });
}

function requireManager(viewer: Viewer | null) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!isCourseManager(viewer)) throw new AppError({ code: "auth.forbidden" });
}

/** Scope 9: a manager links a parent (a member, by e-mail) to a student. */
export async function linkParent(
  database: Database,
  {
    accountId,
    viewer,
    studentUserId,
    parentEmail,
  }: { accountId: string; viewer: Viewer | null; studentUserId: string; parentEmail: string },
): Promise<{ ok: true } | { ok: false; reason: "unknownParent" | "self" }> {
  requireManager(viewer);
  return database.forAccount(accountId, async (tx) => {
    const [student] = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, studentUserId)))
      .limit(1);
    if (!student) throw new AppError({ code: "route.notFound" });
    const [parent] = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(
        and(
          eq(members.accountId, accountId),
          sql`lower(${members.email}) = ${parentEmail.trim().toLowerCase()}`,
        ),
      )
      .limit(1);
    if (!parent) return { ok: false, reason: "unknownParent" };
    if (parent.userId === studentUserId) return { ok: false, reason: "self" };
    await tx
      .insert(parentLinks)
      .values({ accountId, parentUserId: parent.userId, studentUserId })
      .onConflictDoNothing();
    return { ok: true };
  });
}

/** Scope 9: a manager removes a parent's link to a student. */
export async function unlinkParent(
  database: Database,
  {
    accountId,
    viewer,
    studentUserId,
    parentUserId,
  }: { accountId: string; viewer: Viewer | null; studentUserId: string; parentUserId: string },
): Promise<{ ok: true }> {
  requireManager(viewer);
  await database.forAccount(accountId, (tx) =>
    tx
      .delete(parentLinks)
      .where(
        and(
          eq(parentLinks.accountId, accountId),
          eq(parentLinks.parentUserId, parentUserId),
          eq(parentLinks.studentUserId, studentUserId),
        ),
      ),
  );
  return { ok: true };
}

/** Scope 9: a student's linked parents (for the manager's student list). */
export async function parentsOf(
  database: Database,
  {
    accountId,
    viewer,
    studentUserId,
  }: { accountId: string; viewer: Viewer | null; studentUserId: string },
) {
  requireManager(viewer);
  return database.forAccount(accountId, (tx) =>
    tx
      .select({ userId: parentLinks.parentUserId, name: members.name, email: members.email })
      .from(parentLinks)
      .innerJoin(
        members,
        and(
          eq(members.accountId, parentLinks.accountId),
          eq(members.userId, parentLinks.parentUserId),
        ),
      )
      .where(
        and(eq(parentLinks.accountId, accountId), eq(parentLinks.studentUserId, studentUserId)),
      ),
  );
}
