import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { can, type Viewer } from "~/features/members/members.server";
import { members, roles } from "~/features/members/tables.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Tx } from "~/platform/db/database.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { isCourseManager } from "./course-access.server";
import { courseInstructors, courses } from "./tables.server";

// The course builder's shared rules: who teaches, who makes courses, free slugs, the plan's cap.

export type Teaching = {
  database: Database;
  account: AccountSummary;
  viewer: Viewer;
  /** The site's page cache: dropped after a change the public pages may show. */
  caches?: OptionCaches | null;
};

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Who may make a course at all: the site's managers and create_courses holders. */
export function requireCourseMaker(viewer: Viewer): void {
  if (!isCourseManager(viewer) && !can(viewer, "create_courses"))
    throw new AppError({ code: "auth.forbidden" });
}

/** The courses one viewer teaches: every course for a manager, else the ones they author or co-teach. */
export function taughtBy(accountId: string, viewer: Viewer) {
  const ofSite = eq(courses.accountId, accountId);
  if (isCourseManager(viewer)) return ofSite;
  return and(
    ofSite,
    or(
      eq(courses.authorId, viewer.user.id),
      sql`exists (select 1 from ${courseInstructors} where ${courseInstructors.accountId} = ${courses.accountId} and ${courseInstructors.courseId} = ${courses.id} and ${courseInstructors.userId} = ${viewer.user.id})`,
    ),
  );
}

/** A slug free on this site, from `base` (then base-2, base-3…). */
export async function freeSlug(tx: Tx, accountId: string, base: string, exceptId?: string) {
  const root = base || "course";
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? root : `${root.slice(0, 74)}-${n}`;
    const [taken] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(
        and(
          eq(courses.accountId, accountId),
          eq(courses.slug, slug),
          exceptId ? ne(courses.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (!taken) return slug;
  }
  throw new AppError({ code: "request.invalid" });
}

/** The lms switch, the maker's right and the plan's cap, before a course is added. */
export async function checkNewCourse(
  tx: Tx,
  { account, viewer }: Omit<Teaching, "database">,
  cap: number,
) {
  requireCourseMaker(viewer);
  if (cap <= 0) return;
  const [row] = await tx
    .select({ n: count() })
    .from(courses)
    .where(eq(courses.accountId, account.accountId));
  if ((row?.n ?? 0) >= cap) throw new AppError({ code: "courses.limitReached" });
}

/** Members who may co-teach: they hold create_courses (or manage the site). */
export async function instructorCandidates(tx: Tx, accountId: string) {
  return tx
    .select({ userId: members.userId, name: members.name, avatar: members.avatar })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(
      and(
        eq(members.accountId, accountId),
        sql`(${roles.caps} && array['create_courses','manage_options']::text[])`,
      ),
    )
    .orderBy(asc(members.name))
    .limit(500);
}
