import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, as a person waits for a page to respond. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}
