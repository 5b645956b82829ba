import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { GradingQueue } from "~/features/quizzes/quizzes";
import { quizScreens } from "~/features/quizzes/quizzes.server";
import type { Route } from "./+types/grading";

/** Essays and file answers to grade (manage_submissions; an instructor's own courses'). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["quizzesGrading"], async (database, request) => {
    await openDashboardSection(database, request);
    return quizScreens(database, request);
  });
}

export function meta() {
  return [{ title: "Grading" }, { name: "robots", content: "noindex" }];
}

export default function Grading() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("dashboard.sections.grading.title")}</Title>
          <Text c="dimmed">{t("dashboard.sections.grading.description")}</Text>
        </div>
        <GradingQueue />
      </Stack>
    </Container>
  );
}
