import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Screenshot comparisons (issue 13): a screen is compared with its baseline under
 * tests/e2e/__screenshots__/<spec>/<name>.png, so a layout regression fails the test.
 * `npx playwright test <spec> --update-snapshots` writes the baselines again (README).
 *
 * What legitimately differs from one run to the next is masked (drawn as a solid box) on every
 * comparison, so the rest of the screen can be compared to the pixel:
 */
const volatile = [
  // Who is online now, and their faces: the other journeys' people come and go (D1, D12).
  "[data-testid=online-members-badge]",
  "[data-testid=online-members-faces]",
  // Members' faces in lists: a journey gives the demo student a photo (D14) while others run.
  "[data-testid=newest-members] .mantine-Avatar-root",
  // The notification history: journeys post account notices (D11) while others take screenshots.
  "[data-testid=notifications-history]",
  // Dates the demo seed writes relative to the day it runs (posts, members joining).
  "[data-testid=post-date]",
  "[data-testid=member-joined]",
  // Times of day: when a mail was sent; when the header notice starts or ends (seeded from now).
  "[data-testid=outbox-sent-at]",
  "[data-testid=header-notice-start]",
  "[data-testid=header-notice-expire]",
  "[data-testid=header-notice-when]",
  // The server's port, which changes every run (the sign-up form's address suffix, a mail's site).
  "[data-testid=slug-host]",
  "[data-testid=outbox-site]",
  // Live data: page views counted from every journey's visits, and their chart.
  "[data-testid=page-views-total]",
  "[data-testid=page-views-chart]",
  // Sessions (when, from which browser and address), two-factor secrets, QR codes, backup codes.
  "[data-testid=session-row]",
  "[data-testid=totp-secret]",
  "[data-testid=backup-codes] code",
  "img[alt='QR code for your authenticator app']",
].join(", ");

/**
 * Sizes and badges that follow live data, pinned or hidden while the screenshot is taken
 * (screenshot.css): the online faces, the notification history's height, unread counts.
 */
const stylePath = path.join(import.meta.dirname, "screenshot.css");

/** Waits until the screen stands still: no requests in flight, fonts and images loaded. */
export async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter(
      (img) => !img.complete && img.loading !== "lazy",
    );
    const loaded = (img: HTMLImageElement) =>
      new Promise((done) => {
        img.addEventListener("load", done, { once: true });
        img.addEventListener("error", done, { once: true });
      });
    await Promise.race([
      Promise.all(pending.map(loaded)),
      new Promise((done) => setTimeout(done, 5_000)),
    ]);
  });
}

export type ScreenOptions = {
  /** More parts of this screen that change between runs, masked on top of the usual ones. */
  mask?: Locator[];
  /** The whole page rather than the window: only where below the fold is the point. */
  fullPage?: boolean;
  /** Compare this element only (a dialog, a logo) rather than the window. */
  part?: Locator;
  /** Compare only this band of the window (a menu under the header), to keep baselines small. */
  clip?: { x: number; y: number; width: number; height: number };
};

/**
 * Compares the window (or `part`) with the baseline `name`.png of this spec. Animations are
 * stopped (finite ones jump to their end, infinite ones to their start) and the caret is hidden
 * (playwright.config.ts); the screen is settled first.
 */
export async function expectScreen(page: Page, name: string, options: ScreenOptions = {}) {
  await settle(page);
  const settings = {
    mask: [page.locator(volatile), ...(options.mask ?? [])],
    stylePath,
    timeout: 15_000,
  };
  if (options.part) await expect(options.part).toHaveScreenshot(`${name}.png`, settings);
  else
    await expect(page).toHaveScreenshot(`${name}.png`, {
      ...settings,
      fullPage: options.fullPage ?? false,
      clip: options.clip,
    });
}

/**
 * Screenshots only to look at (written to the test's output folder, never compared) are taken
 * when E2E_LOOK=1, as a person reviewing screens asks; the suite spends no time on them
 * (decision 047).
 */
export const lookingAt = process.env.E2E_LOOK === "1";
