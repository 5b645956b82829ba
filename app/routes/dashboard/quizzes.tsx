import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { QuizList } from "~/features/quizzes/quizzes";
import { quizScreens } from "~/features/quizzes/quizzes.server";
import type { Route } from "./+types/quizzes";

/** The teacher's quizzes (the section's rule, with learning on); `?course=` makes a new one there. */
export async function loader(args: Route.LoaderArgs) {
  const course = new URL(args.request.url).searchParams.get("course");
  return loadDashboardScreen(args, ["quizzesEditor"], async (database, request) => {
    await openDashboardSection(database, request);
    await quizScreens(database, request);
    return { course: course && /^[0-9a-f-]{36}$/i.test(course) ? course : null };
  });
}

export function meta() {
  return [{ title: "Quizzes" }, { name: "robots", content: "noindex" }];
}

export default function Quizzes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("dashboard.sections.quizzes.title")}</Title>
          <Text c="dimmed">{t("dashboard.sections.quizzes.description")}</Text>
        </div>
        <QuizList courseId={loaderData.course} />
      </Stack>
    </Container>
  );
}
