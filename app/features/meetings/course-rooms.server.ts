// Issue 36 a course's live sessions (decision 077, course rooms): a room its teachers open for
// the course, now or at a time they set; its students with a live enrolment enter, its
// teachers (author, co-instructors, the site's managers) moderate.
import { and, asc, eq, or } from "drizzle-orm";
import { courseTeacherRole, isCourseManager } from "~/features/courses/courses.server";
import { courseInstructors, courses } from "~/features/courses/tables.server";
import { enrolmentRow, isLive } from "~/features/learning/learning.server";
import { enrolments } from "~/features/learning/tables.server";
import { can, type Viewer } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";

export type CourseRights = { read: boolean; moderate: boolean };

/** The most courses a person's rooms are looked up for. */
const COURSES_MAX = 500;

/** The viewer's rights in one course's rooms, or null where it is not theirs. */
export async function courseRights(
  tx: Tx,
  {
    accountId,
    viewer,
    courseId,
    now,
  }: { accountId: string; viewer: Viewer; courseId: string; now: Date },
): Promise<CourseRights | null> {
  if (await courseTeacherRole(tx, { accountId, courseId, viewer }))
    return { read: true, moderate: true };
  const row = await enrolmentRow(tx, { accountId, courseId, userId: viewer.user.id });
  return isLive(row ?? null, now) ? { read: true, moderate: false } : null;
}

/**
 * The courses whose rooms the viewer may enter, with their titles: those they study (a live
 * enrolment) and those they teach (every course, for the site's managers).
 */
export async function viewerCourses(
  tx: Tx,
  { accountId, viewer, now }: { accountId: string; viewer: Viewer; now: Date },
): Promise<Map<string, { title: string } & CourseRights>> {
  const me = viewer.user.id;
  const taught = await tx
    .selectDistinct({ id: courses.id, title: courses.title })
    .from(courses)
    .leftJoin(
      courseInstructors,
      and(
        eq(courseInstructors.accountId, courses.accountId),
        eq(courseInstructors.courseId, courses.id),
        eq(courseInstructors.userId, me),
      ),
    )
    .where(
      and(
        eq(courses.accountId, accountId),
        isCourseManager(viewer)
          ? undefined
          : or(eq(courses.authorId, me), eq(courseInstructors.userId, me)),
      ),
    )
    .orderBy(asc(courses.title))
    .limit(COURSES_MAX);
  const studied = await tx
    .select({ id: courses.id, title: courses.title, enrolment: enrolments })
    .from(enrolments)
    .innerJoin(
      courses,
      and(eq(courses.accountId, enrolments.accountId), eq(courses.id, enrolments.courseId)),
    )
    .where(and(eq(enrolments.accountId, accountId), eq(enrolments.userId, me)))
    .limit(COURSES_MAX);
  const found = new Map<string, { title: string } & CourseRights>();
  for (const course of studied)
    if (isLive(course.enrolment, now))
      found.set(course.id, { title: course.title, read: true, moderate: false });
  // Teaching a course needs the capability to teach (managers hold it all).
  const teaches = isCourseManager(viewer) || can(viewer, "create_courses");
  if (teaches)
    for (const course of taught)
      found.set(course.id, { title: course.title, read: true, moderate: true });
  return found;
}
