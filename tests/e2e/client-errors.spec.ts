import { open } from "./support/page";
import { expect, test } from "./support/test";

const port = () => process.env.E2E_PORT!;

test("M9 a page's uncaught error and unhandled rejection reach POST /api/log (204), each once", async ({
  page,
}) => {
  const reports: { body: Record<string, unknown>; status: number | undefined }[] = [];
  page.on("requestfinished", async (request) => {
    if (!request.url().endsWith("/api/log")) return;
    const response = await request.response();
    reports.push({ body: request.postDataJSON(), status: response?.status() });
  });
  await open(page, `http://demo.localhost:${port()}/blog`);
  await page.evaluate(() => {
    const boom = new Error("e2e uncaught boom");
    setTimeout(() => {
      throw boom;
    });
    setTimeout(() => {
      throw boom;
    });
    void Promise.reject(new Error("e2e rejected promise"));
  });
  await expect.poll(() => reports.length).toBe(2);
  await page.waitForTimeout(300);
  expect(reports).toHaveLength(2);
  expect(reports.map((report) => report.status)).toEqual([204, 204]);
  const byKind = Object.fromEntries(reports.map((report) => [report.body.kind, report.body]));
  expect(byKind.error).toMatchObject({ path: "/blog" });
  expect(String(byKind.error!.message)).toContain("e2e uncaught boom");
  expect(String(byKind.rejection!.message)).toContain("e2e rejected promise");
  expect(byKind.error!.account_id).toMatch(/^[0-9a-f-]{36}$/);
});
