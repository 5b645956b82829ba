import { Container } from "@mantine/core";
import { loadDashboardScreen, openDashboardSection } from "~/features/dashboard/dashboard.server";
import { QuizTaker } from "~/features/quizzes/quizzes";
import { quizTakerPage } from "~/features/quizzes/quizzes.server";
import type { Route } from "./+types/quiz";

/**
 * A quiz on its own page (the course player mounts the same QuizTaker in a quiz lesson): an
 * enrolled student or a teacher previewing. The page holds the title only; every question
 * comes from the attempt API, and no key ever does before submission.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["quizzesTaker"], async (database, request) => {
    await openDashboardSection(database, request);
    return quizTakerPage(database, { ...request, quizId: args.params.quizId });
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.quiz.title ?? "Quiz" }, { name: "robots", content: "noindex" }];
}

export default function QuizPage({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="md">
      <QuizTaker quizId={loaderData.quiz.id} />
    </Container>
  );
}
