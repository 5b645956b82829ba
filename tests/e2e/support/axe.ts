import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Serious and critical axe findings of the page (or of `include`), as "rule: targets" lines. */
export async function seriousAxeIssues(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
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
