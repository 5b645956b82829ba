import { open } from "./support/page";
import { expectScreen, lookingAt } from "./support/screenshot";
import { expect, test, type Page } from "./support/test";
import { analyzeAxe } from "./support/axe";

const port = () => process.env.E2E_PORT!;
const site = (slug: string, path = "/") => `http://${slug}.localhost:${port()}${path}`;

const pages = {
  demo: {
    home: "/",
    blog: "/blog",
    post: "/blog/colour-theory",
    courses: "/course",
    course: "/course/design-foundations",
    page: "/about",
    docs: "/docs",
    login: "/login",
    signup: "/signup",
    thankyou: "/thankyou",
    notFound: "/no-such-page",
    checkout: "/checkout",
  },
  acme: {
    home: "/",
    blog: "/blog",
    post: "/blog/lyon-soldering-lab",
    courses: "/course",
    course: "/course/robotics-101",
    page: "/labs",
    docs: "/docs",
    login: "/login",
    signup: "/signup",
    subscribed: "/subscribed",
    notFound: "/no-such-page",
    checkout: "/checkout",
  },
} as const;

const schemes = ["light", "dark"] as const;
const widths = [1280, 375] as const;

/**
 * Serious and critical accessibility problems, and headings that skip a level (moderate for axe,
 * but Lighthouse takes points for it), described well enough to fix from the report.
 */
async function seriousViolations(page: Page) {
  // A control caught mid-fade has a blended colour: judge the page as it settles.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const results = await analyzeAxe(page);
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "heading-order")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary}`),
    }));
}

/** Opens a page as a visitor with this colour scheme, ready for the checks (fonts, images). */
async function openIn(page: Page, url: string, scheme: (typeof schemes)[number]) {
  await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
  const response = await open(page, url);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
  await page.evaluate(() => document.fonts.ready);
  return response;
}

for (const [slug, paths] of Object.entries(pages)) {
  for (const [name, path] of Object.entries(paths)) {
    test(`P1 P19 I12 ${slug} ${name}: no serious accessibility problem nor skipped heading level in light and dark, with screenshots`, async ({
      page,
      context,
    }) => {
      for (const scheme of schemes) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await context.clearCookies();
        const response = await openIn(page, site(slug, path), scheme);
        expect(response?.status()).toBe(name === "notFound" ? 404 : 200);
        // First visit: the cookie notice is part of the page and is checked too.
        await expect(page.getByTestId("cookie-notice")).toBeVisible();
        expect(await seriousViolations(page), `${slug} ${path} ${scheme}`).toEqual([]);
        await page.getByRole("button", { name: "Only required" }).click();
        await expect(page.getByTestId("cookie-notice")).toHaveCount(0);

        for (const width of widths) {
          // A theme changes colours, not layout (decision 047): the phone's layout is checked
          // and compared once, in dark.
          if (width !== 1280 && scheme === "light") continue;
          // At 1280 px the page stays as the visitor left it, the notice answered; a phone
          // loads it afresh at its own width.
          if (width !== 1280) {
            await page.setViewportSize({ width, height: width === 375 ? 760 : 800 });
            await openIn(page, site(slug, path), scheme);
          }
          const shot = `${slug}-${name}-${width}-${scheme}`;
          if ((width === 1280) === (scheme === "light")) await expectScreen(page, shot);
          // Not compared: 1280 dark (1280 light and 375 dark are); it keeps baselines small.
          else if (lookingAt)
            await page.screenshot({ path: test.info().outputPath(`${shot}.png`), fullPage: true });
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${slug} ${path} ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        }
      }
    });
  }
}

test("P11 the cart modal and a filled checkout have no serious accessibility problem", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "cookie_consent", value: "required", url: site("demo") }]);
  for (const scheme of schemes) {
    await openIn(page, site("demo", "/course/design-foundations"), scheme);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: "View cart" }).click();
    await expect(page.getByRole("dialog", { name: "Your cart" })).toBeVisible();
    expect(await seriousViolations(page), `cart modal ${scheme}`).toEqual([]);
    await openIn(page, site("demo", "/checkout"), scheme);
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    expect(await seriousViolations(page), `checkout ${scheme}`).toEqual([]);
    await expectScreen(page, `demo-checkout-filled-${scheme}`);
    await page.evaluate(() => localStorage.removeItem("cartItems"));
  }
});
