// Issue 35 groups in the browser (decision 064): the owner makes a private group; a student asks
// to join and is let in; they post; the owner comments and reacts; a member who is not in the
// group sees its card and nothing of its feed; the owner hides the post and it is gone for the
// student. GROUPS_SHOTS_DIR keeps screenshots of both screens in light, dark and night at 1280
// and 375 px.
import fs from "node:fs";
import { expectNoSeriousAxeIssues, lookAt } from "./support/axe";
import { hydrated, open } from "./support/page";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { createSessions } from "./support/session";
import { expect, test, type Page } from "./support/test";

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const shots = process.env.GROUPS_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("groups");
  server = await startServer({ dataDir });
});

test.afterEach(async ({ page }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !server) return;
  const log = testInfo.outputPath("server-and-page.log");
  fs.writeFileSync(
    log,
    [`page at ${page.url()}`, ...server.output().split("\n").slice(-80)].join("\n"),
  );
  await testInfo.attach("server-and-page", { path: log, contentType: "text/plain" });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function as(page: Page, email: string, path: string) {
  await sessions.use(page, email);
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  const response = await open(page, site(path));
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
}

test("Issue 35 a private group: asked, let in, posted, answered, and hidden by its moderator; outsiders see no post", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await as(page, "owner@demo.test", "/dashboard/groups");
  await page.getByTestId("group-new").click();
  await page.getByTestId("group-name").fill("Design circle");
  await page.getByTestId("group-privacy-private").check();
  await page.getByTestId("group-save").click();
  // Made, the new group opens; the list shows its card.
  await expect(page).toHaveURL(/\/dashboard\/groups\/design-circle$/);
  await open(page, site("/dashboard/groups"));
  await hydrated(page);
  await expect(page.getByTestId("group-card").filter({ hasText: "Design circle" })).toBeVisible();
  await lookAt(page, shots, "groups-list");

  // The student asks to join.
  const student = await browser.newPage();
  await as(student, "student@demo.test", "/dashboard/groups");
  const card = student.getByTestId("group-card").filter({ hasText: "Design circle" });
  await card.getByTestId("group-request").click();
  await expect(card.getByTestId("group-requested")).toBeVisible();

  // The owner lets them in from the group's page.
  await open(page, site("/dashboard/groups/design-circle"));
  await hydrated(page);
  const request = page.getByTestId("group-request-row");
  await expect(request).toHaveCount(1);
  await request.getByTestId("group-request-approve").click();
  await expect(request).toHaveCount(0);

  // The student posts.
  await open(student, site("/dashboard/groups/design-circle"));
  await hydrated(student);
  await student
    .getByTestId("group-composer")
    .locator('[contenteditable="true"]')
    .fill("Hello circle, who is working on grids?");
  await student.getByTestId("group-post-submit").click();
  const post = student.getByTestId("group-post").filter({ hasText: "who is working on grids" });
  await expect(post).toBeVisible();

  // The owner answers and reacts; the student sees both once the page reads again.
  await page.reload();
  await hydrated(page);
  const ownerPost = page.getByTestId("group-post").filter({ hasText: "who is working on grids" });
  await ownerPost.getByTestId("comment-input").fill("I am: come to Thursday's call.");
  await ownerPost.getByTestId("comment-submit").click();
  await expect(ownerPost.getByTestId("comment")).toHaveCount(1);
  await ownerPost.getByTestId("reaction-add").click();
  await page.getByTestId("reaction-like").first().click();
  await expect(ownerPost.getByTestId("post-reactions")).toContainText("1");
  await lookAt(page, shots, "group-page");
  await expectNoSeriousAxeIssues(page);
  await student.reload();
  await expect(post.getByTestId("comment")).toContainText("come to Thursday's call");

  // The teacher, not in the group, sees its card and no post.
  const outsider = await browser.newPage();
  await as(outsider, "teacher@demo.test", "/dashboard/groups/design-circle");
  await expect(outsider.getByTestId("group-locked")).toBeVisible();
  await expect(outsider.getByText("who is working on grids")).toHaveCount(0);

  // Hidden by the moderator: gone for the student.
  await ownerPost.getByTestId("post-moderation").click();
  await page.getByTestId("post-hide").click();
  // Once the hide is stored (the moderator sees the post marked), the student reads again.
  await expect(ownerPost.getByTestId("post-hidden")).toBeVisible();
  await student.reload();
  await expect(student.getByText("who is working on grids")).toHaveCount(0);
});
