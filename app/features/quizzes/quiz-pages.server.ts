import type { AccountSummary } from "~/features/accounts/accounts";
import { requireLms } from "~/features/courses/courses.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { quizIntro } from "./attempt-views.server";
import { requireQuizTeacher } from "./quiz-access.server";
import { uuidParam } from "./validation";

type PageRequest = { account: AccountSummary; viewer: Viewer };

function quizIdOf(value: string | undefined): string {
  const parsed = uuidParam.safeParse(value);
  if (!parsed.success) throw new AppError({ code: "route.notFound" });
  return parsed.data;
}

/** The quiz list and the grading queue: learning must be on (the section rule checked who). */
export async function quizScreens(
  database: Database,
  { account }: PageRequest,
): Promise<{ ok: true }> {
  await requireLms(database, account);
  return { ok: true };
}

/** The quiz editor's page: its teachers only (the data itself comes through the API). */
export async function quizEditorPage(
  database: Database,
  { account, viewer, quizId }: PageRequest & { quizId: string | undefined },
): Promise<{ quiz: { id: string; title: string } }> {
  await requireLms(database, account);
  const id = quizIdOf(quizId);
  const quiz = await database.forAccount(account.accountId, (tx) =>
    requireQuizTeacher(tx, { accountId: account.accountId, quizId: id, viewer }),
  );
  return { quiz: { id: quiz.id, title: quiz.title } };
}

/** The quiz taker's page: an enrolled student or a teacher previewing; never a question here. */
export async function quizTakerPage(
  database: Database,
  { account, viewer, quizId }: PageRequest & { quizId: string | undefined },
): Promise<{ quiz: { id: string; title: string } }> {
  await requireLms(database, account);
  const id = quizIdOf(quizId);
  const intro = await quizIntro(database, { accountId: account.accountId, viewer, quizId: id });
  return { quiz: { id, title: intro.quiz.title } };
}
