import { and, eq } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { can, type Viewer } from "~/features/members/members.server";
import { planLimit } from "~/features/plans/plans";
import { accountHasFeature, findPlan } from "~/features/plans/plans.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { courseInstructors, courses } from "./tables.server";

/**
 * Who may teach a course (spec §6): the site's managers (manage_options) and super-admins teach
 * every course; an instructor (create_courses) teaches the courses they made or were added to.
 * Everyone else is no teacher of it, and the course, unless published, is not found for them.
 */
export type CourseTeacherRole = "manager" | "instructor";

export function isCourseManager(viewer: Viewer | null | undefined): boolean {
  return Boolean(viewer && (viewer.isSuperAdmin || can(viewer, "manage_options")));
}

/** The viewer's teaching role on one course of the transaction's account, or null. */
export async function courseTeacherRole(
  tx: Tx,
  { accountId, courseId, viewer }: { accountId: string; courseId: string; viewer: Viewer | null },
): Promise<CourseTeacherRole | null> {
  if (!viewer) return null;
  const manager = isCourseManager(viewer);
  if (!manager && !can(viewer, "create_courses")) return null;
  // A course of this account, whoever asks: a manager too is no teacher of a course that is not.
  const [course] = await tx
    .select({ authorId: courses.authorId })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)))
    .limit(1);
  if (!course) return null;
  if (manager) return "manager";
  if (course.authorId === viewer.user.id) return "instructor";
  const [row] = await tx
    .select({ userId: courseInstructors.userId })
    .from(courseInstructors)
    .where(
      and(
        eq(courseInstructors.accountId, accountId),
        eq(courseInstructors.courseId, courseId),
        eq(courseInstructors.userId, viewer.user.id),
      ),
    )
    .limit(1);
  return row ? "instructor" : null;
}

/**
 * For every teaching action on a course: signed in, a teacher of it (a manager, or its
 * instructor holding `cap` when one is named), or the course is "not found": an instructor
 * cannot learn that another's draft exists.
 */
export async function requireCourseTeacher(
  tx: Tx,
  args: {
    accountId: string;
    courseId: string;
    viewer: Viewer | null;
    cap?: "manage_curriculum" | "manage_students" | "manage_submissions" | "manage_stats";
  },
): Promise<CourseTeacherRole> {
  if (!args.viewer) throw new AppError({ code: "not_authenticated" });
  const role = await courseTeacherRole(tx, args);
  if (!role) throw new AppError({ code: "route.notFound" });
  if (role === "instructor" && args.cap && !can(args.viewer, args.cap))
    throw new AppError({ code: "auth.forbidden" });
  return role;
}

/** The lms feature switch (A10: switched on and in the plan). Learning is off without it. */
export async function lmsEnabled(database: Database, account: AccountSummary): Promise<boolean> {
  return accountHasFeature(database, account, "lms");
}

/** Every learning route asks this first: with lms off, learning is "not found". */
export async function requireLms(database: Database, account: AccountSummary): Promise<void> {
  if (!(await lmsEnabled(database, account))) throw new AppError({ code: "route.notFound" });
}

/** The plan's cap on courses (spec §9 `courses`); 0 = the plan names none = no cap. */
export async function courseLimit(database: Database, account: AccountSummary): Promise<number> {
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return planLimit(plan, "courses");
}
