import { Container } from "@mantine/core";
import { certificatesAvailable } from "~/features/certificates/certificates.server";
import { requireLms } from "~/features/courses/courses.server";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import { MyCoursesScreen } from "~/features/learning/learning";
import { myCourses } from "~/features/learning/learning.server";
import type { Route } from "./+types/my-courses";

/** Scope 4 and 9: the member's courses, and a parent's linked students' (read-only). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["learningCourses"], async (database, request) => {
    await openDashboardSection(database, request);
    await requireLms(database, request.account);
    const mine = await myCourses(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
    });
    // The certificates add-on may be off (/dashboard/addons): then no link to a closed screen.
    return { ...mine, certificates: await certificatesAvailable(database, request.account) };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, { titleKey: "learning.myCourses.title", fallback: "My courses" });
}

export default function MyCourses({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="md">
      <MyCoursesScreen
        courses={loaderData.courses}
        students={loaderData.students}
        certificates={loaderData.certificates}
      />
    </Container>
  );
}
