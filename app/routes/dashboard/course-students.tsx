import { Container } from "@mantine/core";
import { requireLms } from "~/features/courses/courses.server";
import { answerSettingsSave, loadDashboardScreen } from "~/features/dashboard/dashboard.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { StudentsScreen } from "~/features/learning/learning";
import {
  emailsOfCsv,
  enrolByTeacher,
  linkParent,
  listStudents,
  setEnrolmentExpiry,
  unenrol,
} from "~/features/learning/learning.server";
import { studentCommandSchema } from "~/features/learning/learning";
import { AppError } from "~/platform/errors";
import type { Route } from "./+types/course-students";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function courseIdOf(params: { id: string }): string {
  if (!uuid.test(params.id)) throw new AppError({ code: "route.notFound" });
  return params.id;
}

/** Scope 3: a course's students (its teachers with manage_students), searched and paged. */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["learningStudents"], async (database, request) => {
    await requireLms(database, request.account);
    const url = new URL(args.request.url);
    const search = (url.searchParams.get("q") ?? "").slice(0, 200);
    const page = Math.min(100_000, Math.max(1, Number(url.searchParams.get("page")) || 1));
    const list = await listStudents(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      courseId: courseIdOf(args.params),
      search,
      page,
    });
    return { ...list, search };
  });
}

/** Enrol by e-mail or CSV, unenrol, set an expiry, link a parent (managers). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await requireLms(database, request.account);
    const courseId = courseIdOf(args.params);
    const input = studentCommandSchema.safeParse(body);
    if (!input.success) throw new AppError({ code: "request.invalid" });
    const command = input.data;
    const base = { accountId: request.account.accountId, viewer: request.viewer, courseId };
    if (command.intent === "enrol") {
      const emails = emailsOfCsv(command.emails);
      const result = await enrolByTeacher(database, {
        ...base,
        emails,
        source: emails.length > 1 ? "csv" : "manual",
        expiresAt: command.expiresAt ? new Date(`${command.expiresAt}T23:59:59Z`) : undefined,
      });
      return { ok: true as const, result };
    }
    if (command.intent === "unenrol") return unenrol(database, { ...base, userId: command.userId });
    if (command.intent === "expiry")
      return setEnrolmentExpiry(database, {
        ...base,
        userId: command.userId,
        expiresAt: command.expiresAt ? new Date(`${command.expiresAt}T23:59:59Z`) : null,
      });
    // A parent link is the site's, checked against the course first (its teacher sees the student).
    await listStudents(database, { ...base, search: "", page: 1 });
    const linked = await linkParent(database, {
      accountId: base.accountId,
      viewer: request.viewer,
      studentUserId: command.userId,
      parentEmail: command.parentEmail,
    });
    return linked;
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "learning.students.title", fallback: "Students" });
}

export default function CourseStudents({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="md">
      <StudentsScreen {...loaderData} />
    </Container>
  );
}
