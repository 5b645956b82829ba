import type { Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it, as a person waits for a page to respond. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

/**
 * Waits until the page just reached by a link or a form is live. From a public page (HTML and
 * islands, decision 048) the checkout or the dashboard loads its application then, and a form
 * filled in before it hydrates would be posted by the browser itself.
 */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
