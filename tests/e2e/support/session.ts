import type { Browser, BrowserContext, Page } from "@playwright/test";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The demo people's password (README). */
export const demoPassword = "Lyceum-Demo-2026!";

/**
 * Signed-in sessions for browser tests, one sign-in per person and site, reused by every test
 * of the worker: sign-ins are limited to 3 per 10 s per address and every test comes from
 * 127.0.0.1, so a 429 waits for the window to pass. The browser resolves *.localhost and Node
 * does not, so it signs in with a fetch from a page of the site.
 */
/** What signing in with a fetch from the page's own site answers (one try). */
export const signInStatus = (page: Page, email: string, password = demoPassword) =>
  page.evaluate(
    async (body) =>
      (
        await fetch("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    { email, password },
  );

/** Signs in from a page of the site, waiting out the limiter's 429s; throws on anything else. */
export async function signInFromPage(page: Page, email: string, password = demoPassword) {
  for (let attempt = 0; ; attempt++) {
    const status = await signInStatus(page, email, password);
    if (status === 200) return;
    if (status !== 429 || attempt > 5) throw new Error(`sign-in as ${email} answered ${status}`);
    await page.waitForTimeout(3_000);
  }
}

export function createSessions(siteUrl: (path: string) => string) {
  const cache = new Map<string, Promise<StorageState>>();

  async function signInOnce(browser: Browser, email: string): Promise<StorageState> {
    const context = await browser.newContext();
    const page = await context.newPage();
    // An HTML page: its policy lets it fetch its own site (robots.txt, plain text, may not).
    await page.goto(siteUrl("/login"));
    await signInFromPage(page, email);
    const state = await context.storageState();
    await context.close();
    return state;
  }

  return {
    of(browser: Browser, email: string): Promise<StorageState> {
      const key = `${siteUrl("/")} ${email}`;
      if (!cache.has(key)) cache.set(key, signInOnce(browser, email));
      return cache.get(key)!;
    },
    /** Gives the page's browser context this person's session cookies. */
    async use(page: Page, email: string) {
      const state = await this.of(page.context().browser()!, email);
      await page.context().addCookies(state.cookies);
    },
  };
}
