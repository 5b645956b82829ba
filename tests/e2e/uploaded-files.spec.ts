import fs from "node:fs";
import { expect, test, type Page } from "./support/test";
import { open } from "./support/page";
import { createSessions } from "./support/session";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// I31-7 files opened from the library run nothing in our origin: a PDF with /OpenAction script
// downloads instead of opening in Chromium's viewer; an SVG opened on its own runs no script.
test.describe.configure({ mode: "default" });

let server: RunningServer;
let dataDir: string;
const site = (path = "/") => `http://demo.localhost:${server.port}${path}`;
const sessions = createSessions(site);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = tempDataDir("uploaded-files");
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const scriptedPdf = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj",
  "3 0 obj << /S /JavaScript /JS (app.alert('pdf script ran')) >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
].join("\n");

const scriptedSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(\'svg handler ran\')"><script>alert("svg script ran")</script><circle cx="5" cy="5" r="4"/></svg>';

/** Uploads through the library's own route from a page of the site, as the dashboard does. */
async function upload(page: Page, name: string, text: string, type: string): Promise<string> {
  return page.evaluate(
    async ({ name, text, type }) => {
      const form = new FormData();
      form.append("file", new Blob([text], { type }), name);
      const res = await fetch("/api/media/upload", { method: "POST", body: form });
      const body = (await res.json()) as { uploaded: { url: string }[] };
      return body.uploaded[0]!.url;
    },
    { name, text, type },
  );
}

test("I31-7 a PDF with /OpenAction script opened from the library downloads; an SVG opened directly runs no script", async ({
  page,
}) => {
  await sessions.use(page, "owner@demo.test");
  await page.addInitScript(() => localStorage.setItem("tour_step", "done"));
  expect((await open(page, site("/dashboard/media")))?.status()).toBe(200);
  const pdfUrl = await upload(page, "guide.pdf", scriptedPdf, "application/pdf");
  const svgUrl = await upload(page, "badge.svg", scriptedSvg, "image/svg+xml");

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const download = page.waitForEvent("download");
  await page.goto(site(pdfUrl)).catch(() => undefined);
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  const svg = await page.goto(site(svgUrl));
  expect(svg?.headers()["content-security-policy"]).toMatch(/(^|; )sandbox(;|$)/);
  await expect(page.locator("circle")).toHaveCount(1);
  // Stored without its script, and served in a sandbox without allow-scripts besides.
  await expect(page.locator("script")).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});
