import { Anchor, Container, Stack, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { QuizEditor } from "~/features/quizzes/quizzes";
import { quizEditorPage } from "~/features/quizzes/quizzes.server";
import type { Route } from "./+types/quiz-editor";

/** A quiz's editor: the section's rule, then its teachers only (others find no quiz). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["quizzesEditor"], async (database, request) => {
    await openDashboardSection(database, request);
    return quizEditorPage(database, { ...request, quizId: args.params.quizId });
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.quiz.title ?? "Quiz" }, { name: "robots", content: "noindex" }];
}

export default function QuizEditorScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Anchor href="/dashboard/instructor/quizzes" size="sm">
          ← {t("dashboard.sections.quizzes.title")}
        </Anchor>
        <Title order={1}>{loaderData.quiz.title}</Title>
        <QuizEditor quizId={loaderData.quiz.id} />
      </Stack>
    </Container>
  );
}
