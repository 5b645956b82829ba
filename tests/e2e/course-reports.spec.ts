import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { expect, test } from "./support/test";
import { findAccountBySlug } from "../../app/features/accounts/queries.server";
import { issueCertificate } from "../../app/features/certificates/certificates.server";
import { courses, lessons } from "../../app/features/courses/tables.server";
import { enrolments, lessonProgress } from "../../app/features/learning/tables.server";
import { members } from "../../app/features/members/tables.server";
import { upsertPlanCatalogue } from "../../app/features/plans/plans.server";
import { openDatabase } from "../../app/platform/db/database.server";
import { seedDemo } from "../../scripts/demo-seed";
import { seedGradebookCourse } from "../factories/course-reports";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./support/server";

// Issue 15 scopes 5–6 in the browser, on a server of this file's own: the demo, plus a course of
// the teacher's with 60 students and 4 quizzes (the use-case tests' fixture) in which the demo
// student has completed and holds a certificate.
test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
let courseId = "";
let certificateCode = "";
const site = (p = "/") => `http://demo.localhost:${server.port}${p}`;
const sessions = createSessions(site);
const shots = process.env.COURSE_REPORTS_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = tempDataDir("course-reports");
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await database.migrate(path.join(projectRoot, "drizzle"));
    await seedDemo(database, { replace: false });
    await upsertPlanCatalogue(database);
    const demo = await database.asApp((tx) => findAccountBySlug(tx, "demo"));
    const accountId = demo!.accountId;
    const memberId = (email: string) =>
      database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select({ userId: members.userId })
          .from(members)
          .where(and(eq(members.accountId, accountId), eq(members.email, email)));
        return row!.userId;
      });
    const teacher = await memberId("teacher@demo.test");
    const student = await memberId("student@demo.test");
    const seeded = await seedGradebookCourse(database, {
      accountId,
      authorId: teacher,
      students: 60,
      quizzes: 4,
      prefix: "Learner",
    });
    courseId = seeded.course.id;
    await database.forAccount(accountId, async (tx) => {
      await tx
        .update(courses)
        .set({ title: "Product design basics", settings: { certificate: true } })
        .where(and(eq(courses.accountId, accountId), eq(courses.id, courseId)));
      await tx.insert(enrolments).values({
        accountId,
        courseId,
        userId: student,
        source: "free",
        status: "completed",
        progressPercent: 100,
        completedAt: new Date(),
        lastActivityAt: new Date(),
      });
      const rows = await tx
        .select({ id: lessons.id, title: lessons.title })
        .from(lessons)
        .where(and(eq(lessons.accountId, accountId), eq(lessons.courseId, courseId)));
      const progress = rows.flatMap((lesson, index) =>
        Array.from({ length: 30 - index * 9 }, (_, i) => ({
          accountId,
          courseId,
          lessonId: lesson.id,
          userId: seeded.userIdOf(i + 1),
          completedAt: i % 3 === 2 ? null : new Date(),
        })),
      );
      await tx.insert(lessonProgress).values(progress);
    });
    certificateCode = (await issueCertificate(database, { accountId, courseId, userId: student }))
      .code;
  } finally {
    await database.close();
  }
  server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
});

test.afterAll(async () => {
  if (server) expect(await server.stop()).toBe(0);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("M1 gradebook: the teacher opens the gradebook of their course, searches, sorts, pages and exports it", async ({
  page,
}) => {
  await sessions.use(page, "teacher@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site(`/dashboard/course/${courseId}/gradebook`));
  const table = page.getByTestId("gradebook").getByRole("table");
  await expect(page.getByRole("heading", { name: "Product design basics" })).toBeVisible();
  await expect(page.getByText("Students: 61")).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Quiz 01" })).toBeVisible();
  await expect(table.getByRole("rowheader").first()).toContainText("Learner Student 00001");
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "gradebook");

  await page.getByRole("textbox", { name: "Search students" }).fill("Sam");
  await expect(page.getByText("Students: 1", { exact: true })).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await page.getByRole("textbox", { name: "Search students" }).fill("");
  await expect(page.getByText("Students: 61")).toBeVisible();

  await page.locator("label", { hasText: /^Progress$/ }).click();
  await expect(page).toHaveURL(/sort=progress/);
  await page.locator("label", { hasText: /^Descending$/ }).click();
  await expect(page).toHaveURL(/sort=progress/);
  await expect(table.getByRole("row").nth(1)).toContainText("100%");

  await page.getByRole("button", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(table.getByRole("rowheader")).toHaveCount(11);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file!, "utf8");
  expect(csv.trim().split("\r\n")).toHaveLength(62);
  expect(csv).toContain("Quiz 04 (best %)");
});

test("issue 15 scope 5 stats: the teacher sees the course's charts with their tables and changes the period", async ({
  page,
}) => {
  await sessions.use(page, "teacher@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site(`/dashboard/course/${courseId}/stats`));
  await expect(page.getByTestId("stats-enrolled")).toHaveText("61");
  await expect(page.getByTestId("stats-completed")).toHaveText("7");
  await expect(page.getByRole("heading", { name: "Enrolments over time" })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Drop-off per lesson" }).getByRole("rowheader").first(),
  ).toContainText("Welcome");
  await expect(page.getByRole("region", { name: "Average score per quiz" })).toContainText(
    "Quiz 01",
  );
  await expectNoSeriousAxeIssues(page, "main");
  await lookAt(page, shots, "stats");
  await page.locator("label", { hasText: /^90 days$/ }).click();
  await expect(page).toHaveURL(/period=90d/);
  await expect(page.getByRole("columnheader", { name: "Week of" })).toBeVisible();
});

test("M1 certificate: the student downloads their certificate and an anonymous visitor opens its verification URL", async ({
  page,
}) => {
  await sessions.use(page, "student@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/certificates"));
  const card = page.getByTestId("member-certificate");
  await expect(card).toContainText("Product design basics");
  await lookAt(page, shots, "my-certificates");
  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: /Download the certificate/ }).click();
  const pdf = fs.readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  if (shots) fs.writeFileSync(`${shots}/certificate.pdf`, pdf);
  const verifyUrl = await card
    .getByRole("link", { name: "Verification page" })
    .getAttribute("href");
  expect(verifyUrl).toBe(site(`/certificates/${certificateCode}`));

  const visitor = await page.context().browser()!.newContext();
  try {
    const anonymous = await visitor.newPage();
    const response = await open(anonymous, verifyUrl!);
    expect(response!.headers()["cache-control"]).toContain("no-store");
    await expect(anonymous.getByTestId("certificate-valid")).toBeVisible();
    await expect(anonymous.getByTestId("certificate-name")).toHaveText("Sam Student");
    await expect(anonymous.getByText("Product design basics")).toBeVisible();
    await expect(anonymous.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
    await expect(anonymous.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectNoSeriousAxeIssues(anonymous, "main");
    await lookAt(anonymous, shots, "verification");
    const pdfStatus = await anonymous.evaluate(
      async (url) => (await fetch(url)).status,
      `/api/certificates/${certificateCode}/pdf`,
    );
    expect(pdfStatus).toBe(401);
    await open(anonymous, site("/certificates/ABCD-EFGH-JKLM-NPQR"));
    await expect(anonymous.getByTestId("certificate-unknown")).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("M1 certificate template: the owner designs the template with a live preview and saves it", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/manage/elearning/certificates"));
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Diploma of Design");
  await page.getByRole("textbox", { name: "Signed by (name)" }).fill("Olivia Owner");
  await expect(page.getByTestId("certificate-preview")).toContainText("Diploma of Design");
  await expect(page.getByTestId("certificate-preview")).toContainText("Olivia Owner");
  await lookAt(page, shots, "certificate-template");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Certificate template saved")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    "Diploma of Design",
  );
});
