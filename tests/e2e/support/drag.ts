import type { Locator, Page } from "@playwright/test";

/**
 * A person's drag (the page builder's blocks, the docs tree): press on `from`, move in steps,
 * let go over the bottom (or top) of `to`; `keepX` moves straight up or down.
 */
export async function drag(
  page: Page,
  from: Locator,
  to: Locator,
  where: "top" | "bottom" = "bottom",
  { keepX = false } = {},
) {
  await from.scrollIntoViewIfNeeded();
  const source = (await from.boundingBox())!;
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, {
    steps: 5,
  });
  const target = (await to.boundingBox())!;
  const bottom = Math.min(target.y + target.height, page.viewportSize()!.height) - 12;
  const y = where === "top" ? target.y + 8 : bottom;
  const x = keepX ? source.x + source.width / 2 : target.x + target.width / 2;
  await page.mouse.move(x, y, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}
