import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe's results for the page (or for `include`), as `new AxeBuilder({ page }).analyze()` gives
 * them. AxeBuilder's default runs axe in every frame (runPartial) and then opens a blank page of
 * its own, injects axe-core into it again and gathers the results there (finishRun): half of
 * each check's time. A page with no frame but its own is checked with axe.run in the page
 * instead (AxeBuilder's legacy mode): the same rules on the same document, the same results. A
 * page with frames keeps the default, which reaches cross-origin frames too.
 */
export async function analyzeAxe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (page.frames().length === 1) builder.setLegacyMode();
  return builder.analyze();
}

/** Serious and critical axe findings of the page (or of `include`), as "rule: targets" lines. */
export async function seriousAxeIssues(page: Page, include?: string): Promise<string[]> {
  const results = await analyzeAxe(page, include);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/**
 * Screenshots to look at, not compared: 1280 and 375 px in light, dark and night, into `dir`
 * when it is set (a spec names it by an environment variable), the page left as it was.
 */
export async function lookAt(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const scheme of ["light", "dark", "night"] as const) {
    await page.evaluate((s) => {
      const html = document.documentElement;
      html.setAttribute("data-mantine-color-scheme", s === "night" ? "dark" : s);
      html.toggleAttribute("data-night", s === "night");
    }, scheme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => {
    document.documentElement.setAttribute("data-mantine-color-scheme", "light");
    document.documentElement.removeAttribute("data-night");
  });
  if (size) await page.setViewportSize(size);
}

/** Fails the test with the serious and critical axe findings of the page (or of `include`). */
export async function expectNoSeriousAxeIssues(page: Page, include?: string) {
  expect(await seriousAxeIssues(page, include)).toEqual([]);
}
