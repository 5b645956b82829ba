import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { analyzeAxe } from "./support/axe";

// V2 comments on posts and M2's public post page, archives and revision compare, as a student,
// the owner and an anonymous visitor would use them, on a server of its own. One worker, in
// file order: the tests share one post.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);
const postPath = "/blog/study-habits-that-stick";
const shots = process.env.COMMENTS_SHOTS_DIR;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = tempDataDir("comments");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function asVisitor<T>(page: Page, look: (visitor: Page) => Promise<T>): Promise<T> {
  const context = await page.context().browser()!.newContext();
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

async function expectNoSeriousAxeIssues(page: Page, include?: string) {
  const results = await analyzeAxe(page, include);
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(serious).toEqual([]);
}

/** Screenshots to look at (not compared): 1280 and 375 px, light and dark, when asked for. */
async function lookAt(page: Page, name: string) {
  if (!shots) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.evaluate((s) => {
      document.documentElement.setAttribute("data-mantine-color-scheme", s);
    }, scheme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() =>
    document.documentElement.setAttribute("data-mantine-color-scheme", "light"),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("M2 the owner publishes a post with a category and a tag; its page shows author, date, reading time and the terms as links", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/post"));
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Study habits that stick");
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Short sessions, every day, beat one long night before the exam.");
  await page.getByLabel("Categories").first().fill("Study tips");
  await page.keyboard.press("Enter");
  await page.getByLabel("Tags").first().fill("Habits");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved.");

  await asVisitor(page, async (visitor) => {
    await open(visitor, site(postPath));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Study habits that stick");
    await expect(visitor.getByTestId("post-author")).toContainText("By ");
    await expect(visitor.getByTestId("post-reading")).toHaveText("1 min read");
    await expect(visitor.getByTestId("post-date")).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Study tips" })).toHaveAttribute(
      "href",
      "/blog/category/study-tips",
    );
    await expect(visitor.getByRole("link", { name: "#Habits" })).toHaveAttribute(
      "href",
      "/blog/tag/habits",
    );
    await expect(visitor.getByRole("heading", { name: "Comments (0)" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Sign in to comment" })).toBeVisible();
  });
});

test("V2 a student's comment with a swear word is masked and held; the owner approves it; an anonymous visitor then sees it", async ({
  page,
  browser,
}) => {
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await sessions.use(student, "student@demo.test");
  await open(student, site(postPath));
  await student
    .getByRole("textbox", { name: "Your comment" })
    .fill("This shit really works, even for a class of thirty.");
  await student.getByRole("button", { name: "Post comment" }).click();
  await expect(student.getByTestId("comment-notice")).toHaveText(
    "Thank you! Your comment will appear once a manager approves it.",
  );
  const mine = student.getByTestId("comment");
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId("comment-body")).toHaveText(
    "This **** really works, even for a class of thirty.",
  );
  await expect(mine.getByText("Awaiting approval")).toBeVisible();
  // The post and its thread (the header's avatar initials are the site frame's, not ours).
  await expectNoSeriousAxeIssues(student, "main");
  await lookAt(student, "post-student");
  await studentContext.close();

  // Anonymous, before approval: nothing to see, and the page goes into the cache.
  await asVisitor(page, async (visitor) => {
    await open(visitor, site(postPath));
    await expect(visitor.getByTestId("comment")).toHaveCount(0);
    const again = await visitor.reload();
    expect(again?.headers()["x-page-cache"]).toBe("hit");
  });

  await sessions.use(page, "owner@demo.test");
  await open(page, site("/dashboard/posts"));
  await page.getByRole("link", { name: "Comments" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/comments$/);
  const queued = page.getByTestId("queued-comment");
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText("This **** really works");
  await expect(queued.getByRole("link", { name: "Study habits that stick" })).toBeVisible();
  await expectNoSeriousAxeIssues(page);
  await lookAt(page, "moderation");
  await queued.getByRole("button", { name: "Approve" }).click();
  await expect(queued).toHaveCount(0);
  await page.locator("label", { hasText: /^Approved \(/ }).click();
  await expect(page.getByTestId("queued-comment")).toHaveCount(1);

  // Approval dropped the cached page: the very next anonymous request shows the comment.
  await asVisitor(page, async (visitor) => {
    await open(visitor, site(postPath));
    await expect(visitor.getByRole("heading", { name: "Comments (1)" })).toBeVisible();
    await expect(visitor.getByTestId("comment-body")).toHaveText(
      "This **** really works, even for a class of thirty.",
    );
    await expectNoSeriousAxeIssues(visitor);
    await lookAt(visitor, "post-anonymous");
  });
});

test("M2 a category link leads to its archive; an unknown category is not found", async ({
  page,
}) => {
  await asVisitor(page, async (visitor) => {
    await open(visitor, site(postPath));
    await visitor.getByRole("link", { name: "Study tips" }).click();
    await expect(visitor).toHaveURL(/\/blog\/category\/study-tips$/);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Category: Study tips");
    await expect(visitor).toHaveTitle(/Category: Study tips/);
    await expect(visitor.getByRole("link", { name: /Study habits that stick/ })).toBeVisible();
    await expectNoSeriousAxeIssues(visitor);
    await lookAt(visitor, "archive");
    const missing = await open(visitor, site("/blog/category/no-such-thing"));
    expect(missing?.status()).toBe(404);
  });
});

test("M2 the owner compares two revisions (inserted and deleted words marked) and restores one", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  await open(page, site("/dashboard/posts"));
  await page.getByRole("link", { name: "Study habits that stick" }).click();
  await page
    .getByRole("textbox", { name: "Title", exact: true })
    .fill("Study habits that really last");
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved.");

  const revisions = page.getByTestId("revisions");
  const boxes = revisions.getByRole("checkbox");
  await expect(boxes).toHaveCount(2);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole("button", { name: "Compare selected" }).click();
  const dialog = page.getByRole("dialog", { name: "Compare revisions" });
  const title = dialog.getByTestId("compare-title");
  await expect(title.locator("ins")).toHaveText(["[inserted: really last]"]);
  await expect(title.locator("del")).toHaveText(["[deleted: stick]"]);
  // Unchanged fields say so, in words.
  await expect(dialog.getByText("No change").first()).toBeVisible();
  await expectNoSeriousAxeIssues(page, "[role=dialog]");
  await lookAt(page, "compare");

  await dialog.getByRole("button", { name: /^Restore the revision of/ }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(
    "Study habits that stick",
  );
});
