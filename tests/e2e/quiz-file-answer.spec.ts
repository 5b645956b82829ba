import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, test, type Page } from "./support/test";
import { findAccountBySlug } from "../../app/features/accounts/queries.server";
import { members } from "../../app/features/members/tables.server";
import { quizzes } from "../../app/features/quizzes/tables.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { seedDemo } from "../../scripts/demo-seed";
import { insertEnrolment, insertQuiz } from "../factories/quizzes";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./support/server";

// Issue 15 scope 2, a file answer graded by hand: the student (enrolled in the demo's first
// course) answers a file question by choosing a PDF, and its teacher finds the file in the
// grading queue and downloads it. On a server of its own: attempts change data.

test.describe.configure({ mode: "serial" });

const pdfPath = path.join(projectRoot, "public/media/demo/design-checklist.pdf");
const prompt = "Upload your filled-in design checklist";
let server: RunningServer;
let dataDir: string;
let quizId: string;
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
const shots = process.env.QUIZ_SHOTS;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = tempDataDir("quiz-file");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    const demo = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    const accountId = demo!.accountId;
    await database.forAccount(accountId, async (tx) => {
      // The demo quiz's course and teacher: the teacher grades what its students send.
      const [demoQuiz] = await tx.select().from(quizzes).where(eq(quizzes.accountId, accountId));
      const courseId = demoQuiz!.courseId!;
      const [student] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.email, "student@demo.test")));
      await insertEnrolment(tx, { accountId, courseId, userId: student!.userId });
      const { quiz } = await insertQuiz(tx, {
        accountId,
        courseId,
        authorId: demoQuiz!.authorId,
        title: "Send your checklist",
        settings: { passMark: 50, feedback: "after_submit" },
        questions: [
          { type: "file", prompt: `<p>${prompt} (PDF).</p>`, points: 5, data: { accept: ".pdf" } },
        ],
      });
      quizId = quiz.id;
    });
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function as(page: Page, email: string) {
  await sessions.use(page, email);
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
}

test("M1 quiz file answer: the student sends a PDF and the teacher downloads it from the grading queue", async ({
  browser,
}) => {
  // Pages of their own contexts: two people, two sets of cookies (and axe wants a context).
  const student = await (await browser.newContext()).newPage();
  await as(student, "student@demo.test");
  await open(student, site(`/dashboard/quiz/${quizId}`));
  await student.getByRole("button", { name: "Start the quiz" }).click();
  const question = student.locator("section").filter({ hasText: prompt });
  await question.locator('input[type="file"]').setInputFiles(pdfPath);
  await expect(question.getByText("File sent")).toBeVisible();
  await expect(question.getByRole("link", { name: "design-checklist.pdf" })).toBeVisible();
  await expect(student.getByText("Saved", { exact: true })).toBeVisible();
  await expectNoSeriousAxeIssues(student, "main");
  await lookAt(student, shots, "quiz-file-answer");
  await student.getByRole("button", { name: "Submit answers" }).click();
  await student.getByRole("button", { name: "Yes, submit" }).click();
  const result = student.getByTestId("quiz-result");
  await expect(result).toContainText("A teacher will grade");
  await expect(result.getByRole("link", { name: "design-checklist.pdf" })).toBeVisible();
  await student.context().close();

  const teacher = await (await browser.newContext()).newPage();
  await as(teacher, "teacher@demo.test");
  await open(teacher, site("/dashboard/instructor/grading"));
  await teacher.getByRole("button", { name: "Grade" }).first().click();
  const link = teacher.getByRole("link", { name: "design-checklist.pdf" });
  await expect(link).toBeVisible();
  await lookAt(teacher, shots, "quiz-file-grading");
  const [download] = await Promise.all([teacher.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("design-checklist.pdf");
  const saved = fs.readFileSync((await download.path())!);
  expect(saved.equals(fs.readFileSync(pdfPath))).toBe(true);
  await teacher.getByRole("textbox", { name: "Points (of 5)" }).fill("4");
  await teacher.getByRole("button", { name: "Save grades" }).click();
  await expect(teacher.getByRole("status").filter({ hasText: "Graded" })).toBeVisible();
  await teacher.context().close();
});
