import { and, desc, eq } from "drizzle-orm";
import { courseInstructors, courseSections, lessons } from "~/features/courses/tables.server";
import { enrolments } from "~/features/learning/tables.server";
import type { QuestionType, QuizSettings } from "~/features/quizzes/quizzes";
import { quizQuestions, quizzes } from "~/features/quizzes/tables.server";
import type { Tx } from "~/platform/db/database.server";

export type NewQuestion = {
  type: QuestionType;
  prompt?: string;
  points?: number;
  feedback?: string;
  data: Record<string, unknown>;
};

/** Inside the caller's transaction: a quiz and its bank, in order. */
export async function insertQuiz(
  tx: Tx,
  {
    accountId,
    courseId,
    authorId = null,
    title = "Quiz",
    settings = { passMark: 50 },
    questions = [],
  }: {
    accountId: string;
    courseId: string | null;
    authorId?: string | null;
    title?: string;
    settings?: QuizSettings;
    questions?: NewQuestion[];
  },
) {
  const [quiz] = await tx
    .insert(quizzes)
    .values({ accountId, courseId, title, settings, authorId })
    .returning();
  const rows = questions.length
    ? await tx
        .insert(quizQuestions)
        .values(
          questions.map((q, position) => ({
            accountId,
            quizId: quiz!.id,
            position,
            type: q.type,
            prompt: q.prompt ?? `<p>Question ${position + 1}</p>`,
            points: q.points ?? 1,
            feedback: q.feedback ?? "",
            data: q.data,
          })),
        )
        .returning()
    : [];
  return { quiz: quiz!, questions: rows };
}

/** Inside the caller's transaction: a live enrolment (free) of a member in a course. */
export async function insertEnrolment(
  tx: Tx,
  { accountId, courseId, userId }: { accountId: string; courseId: string; userId: string },
) {
  await tx
    .insert(enrolments)
    .values({ accountId, courseId, userId, source: "free" })
    .onConflictDoNothing();
}

/** Five questions of five types, an essay among them: the demo quiz and the e2e story's. */
export const demoQuizQuestions: NewQuestion[] = [
  {
    type: "single",
    prompt: "<p>Which colour do you get by mixing blue and yellow?</p>",
    data: {
      options: [
        { id: "o1", text: "Green" },
        { id: "o2", text: "Purple" },
        { id: "o3", text: "Orange" },
      ],
      answer: "o1",
    },
    feedback: "<p>Blue and yellow make green.</p>",
  },
  {
    type: "true_false",
    prompt: "<p>A circle has no corners.</p>",
    data: { answer: true },
  },
  {
    type: "numeric",
    prompt: "<p>How many degrees are in a right angle?</p>",
    data: { answer: 90, tolerance: 0 },
  },
  {
    type: "short",
    prompt: "<p>Name the primary colour between orange and purple on the colour wheel.</p>",
    data: { accepted: ["red"], caseSensitive: false },
  },
  {
    type: "essay",
    prompt: "<p>In a few sentences, describe a design you admire and why.</p>",
    points: 2,
    data: { minWords: 10 },
  },
];

/**
 * The demo's quiz: five questions in a course, placed in a quiz lesson at the end of the
 * course's last section (a lesson of type quiz whose content names it); its author teaches
 * the course with the others (a co-instructor), so they grade its essays.
 */
export async function insertDemoQuiz(
  tx: Tx,
  {
    accountId,
    courseId,
    authorId,
    titles = { quiz: "Check your understanding", lesson: "Quiz: check your understanding" },
  }: {
    accountId: string;
    courseId: string;
    authorId: string | null;
    /** The quiz's and its lesson's titles (the demo seed's are in the site's language). */
    titles?: { quiz: string; lesson: string };
  },
) {
  if (authorId)
    await tx
      .insert(courseInstructors)
      .values({ accountId, courseId, userId: authorId })
      .onConflictDoNothing();
  const { quiz } = await insertQuiz(tx, {
    accountId,
    courseId,
    authorId,
    title: titles.quiz,
    settings: {
      passMark: 60,
      attemptLimit: 3,
      timeLimitSeconds: 900,
      feedback: "after_submit",
      showCorrectAnswers: true,
    },
    questions: demoQuizQuestions,
  });
  // The course's last section, by its own position: lessons' positions restart in each
  // section, so ordering lessons alone would pick one at random.
  const [last] = await tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.accountId, accountId), eq(courseSections.courseId, courseId)))
    .orderBy(desc(courseSections.position))
    .limit(1);
  if (last) {
    const inSection = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.accountId, accountId), eq(lessons.sectionId, last.id)));
    await tx.insert(lessons).values({
      accountId,
      courseId,
      sectionId: last.id,
      title: titles.lesson,
      position: inSection.length,
      type: "quiz",
      content: { quizId: quiz.id },
    });
  }
  return quiz;
}
