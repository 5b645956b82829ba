import { DEMO_COUPON } from "../../scripts/demo-content";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";
import { expect, test, type Page } from "./support/test";

const port = () => process.env.E2E_PORT!;
const site = (slug: string, path = "/") => `http://${slug}.localhost:${port()}${path}`;

/** The two demo sites and what each journey needs from their seeded content. */
const sites = [
  {
    slug: "demo",
    notice: `Spring enrolment is open: every course 20% off this week with code ${DEMO_COUPON}.`,
    fontSize: "15px",
    courses: [
      {
        slug: "design-foundations",
        title: "Design Foundations",
        price: 49,
        label: "$49.00",
        // C4: the cart shows whole amounts without fraction digits.
        cartLabel: "$49",
      },
      {
        slug: "web-from-scratch",
        title: "The Web from Scratch",
        price: 79,
        label: "$79.00",
        cartLabel: "$79",
      },
    ],
    currency: "USD",
  },
  {
    slug: "acme",
    notice: "Open day in Lyon",
    fontSize: "16px",
    courses: [
      {
        slug: "robotics-101",
        title: "Robotics 101",
        price: 299,
        label: "€299.00",
        cartLabel: "€299",
      },
      {
        slug: "pcb-design",
        title: "PCB Design",
        price: 199,
        label: "€199.00",
        cartLabel: "€199",
      },
    ],
    currency: "EUR",
  },
] as const;

/** Collects script errors: hydration mismatches and crashes fail the journey. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  return problems;
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
}

/** Records the frame's browser events (shared contracts with analytics) into window.__events. */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __events: { type: string; detail: unknown }[] };
    w.__events = [];
    for (const type of ["lyceum:add-to-cart", "lyceum:consent"]) {
      window.addEventListener(type, (event) =>
        w.__events.push({ type, detail: (event as CustomEvent).detail }),
      );
    }
  });
}
const recorded = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __events: { type: string; detail: unknown }[] }).__events,
  );

for (const s of sites) {
  test.describe(`${s.slug}.localhost`, () => {
    test(`P14 the header notice, once dismissed, stays hidden for the session (${s.slug})`, async ({
      page,
      context,
    }) => {
      const problems = watchErrors(page);
      await open(page, site(s.slug));
      const notice = page.getByTestId("header-notice");
      await expect(notice).toContainText(s.notice);
      await notice.getByRole("button", { name: "Dismiss announcement" }).click();
      await expect(notice).toHaveCount(0);
      expect(await page.evaluate(() => sessionStorage.getItem("hide_header_notice"))).toBe("true");
      // Reload in the same tab (same session): it is not even painted.
      await page.reload();
      // Hidden by the inline script before first paint, not only after hydration.
      await expect(page.locator("html")).toHaveAttribute("data-hide-header-notice", "true");
      await expect(page.getByText(s.notice)).toBeHidden();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(notice).toHaveCount(0);
      // Another browsing session (a new tab) sees it again.
      const other = await context.newPage();
      await open(other, site(s.slug));
      await expect(other.getByTestId("header-notice")).toBeVisible();
      expect(problems).toEqual([]);
    });

    test(`P15 each cookie choice is stored 180 days, announced, and the notice goes away (${s.slug})`, async ({
      browser,
    }) => {
      for (const [choice, button] of [
        ["all", "Accept all"],
        ["required", "Only required"],
        ["disabled", "Reject all"],
      ] as const) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await open(page, site(s.slug));
        await recordEvents(page);
        const notice = page.getByTestId("cookie-notice");
        await expect(notice).toBeVisible();
        const before = Date.now() / 1000;
        await notice.getByRole("button", { name: button }).click();
        await expect(notice).toHaveCount(0);
        const cookie = (await context.cookies()).find((c) => c.name === "cookie_consent");
        expect(cookie?.value).toBe(choice);
        expect(cookie?.path).toBe("/");
        expect(cookie?.sameSite).toBe("Lax");
        const days = (cookie!.expires - before) / 86_400;
        expect(days).toBeGreaterThan(179.9);
        expect(days).toBeLessThan(180.1);
        expect(await recorded(page)).toEqual([{ type: "lyceum:consent", detail: choice }]);
        await page.reload();
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForTimeout(300);
        await expect(page.getByTestId("cookie-notice")).toHaveCount(0);
        await context.close();
      }
    });

    test(`P16 back-to-top appears after 200 px, shows the percentage and returns to the top (${s.slug})`, async ({
      page,
    }) => {
      await open(page, site(s.slug));
      const button = page.getByRole("button", { name: "Back to top" });
      await expect(button).toBeHidden();
      await scrollTo(page, 150);
      await page.waitForTimeout(150);
      await expect(button).toBeHidden();
      await scrollTo(page, 320);
      await expect(button).toBeVisible();
      const expected = await page.evaluate(() =>
        Math.round(
          (window.scrollY / (document.documentElement.scrollHeight - window.innerHeight)) * 100,
        ),
      );
      expect(expected).toBeGreaterThan(0);
      await expect(page.getByTestId("back-to-top-percent")).toHaveText(`${expected}%`);
      await expectScreen(page, `${s.slug}-back-to-top`);
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(button).toBeHidden();
    });

    test(`P8 the header gets its shadow after 20 px of scroll; its font size is the site's (${s.slug})`, async ({
      page,
    }) => {
      await open(page, site(s.slug));
      const header = page.locator("header");
      await scrollTo(page, 10);
      await page.waitForTimeout(150);
      await expect(header).not.toHaveAttribute("data-scrolled");
      expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).toBe("none");
      await scrollTo(page, 40);
      await expect(header).toHaveAttribute("data-scrolled", "");
      await expect
        .poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow))
        .not.toBe("none");
      // Sticky: still at the top of the window.
      expect((await header.boundingBox())!.y).toBeLessThanOrEqual(1);
      // header_fontsize sizes the menu.
      const link = page.getByRole("navigation", { name: "Main menu" }).getByRole("link").first();
      expect(await link.evaluate((el) => getComputedStyle(el).fontSize)).toBe(s.fontSize);
    });

    test(`P11 add a course, the badge counts it, the modal lists and removes it, checkout has no frame (${s.slug})`, async ({
      page,
    }) => {
      const problems = watchErrors(page);
      const [first, second] = s.courses;
      await open(page, site(s.slug, `/course/${first.slug}`));
      await recordEvents(page);
      await expect(page.getByTestId("cart-count")).toHaveCount(0);
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByTestId("add-to-cart-result")).toContainText("Added to your cart.");
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      const events = await recorded(page);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: "lyceum:add-to-cart",
        detail: {
          currency: s.currency,
          value: first.price,
          items: [{ item_name: first.title, price: first.price, quantity: 1 }],
        },
      });
      // C1: the spec's cart item under `cartItems`.
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("cartItems")!));
      expect(stored).toMatchObject([
        {
          type: "other",
          title: first.title,
          amount: first.price,
          currency: s.currency,
          quantity: 1,
          frequency: null,
        },
      ]);
      expect((events[0]!.detail as { items: { item_id: string }[] }).items[0]!.item_id).toBe(
        stored[0].id,
      );
      // A course is bought once: the second click says so and changes nothing.
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByTestId("add-to-cart-result")).toContainText("Already in your cart.");
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      expect(await recorded(page)).toHaveLength(1);

      // A second course, then the modal from the header.
      await open(page, site(s.slug, `/course/${second.slug}`));
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      await page.getByRole("button", { name: "Add to cart" }).click();
      await expect(page.getByTestId("cart-count")).toHaveText("2");
      await page.getByRole("button", { name: "Cart, items: 2" }).click();
      const modal = page.getByRole("dialog", { name: "Your cart" });
      await expect(modal).toBeVisible();
      await expect(modal.getByTestId("cart-item")).toHaveCount(2);
      await expect(modal.getByTestId("cart-item").first()).toContainText(first.title);
      await expect(modal.getByTestId("cart-item").first()).toContainText(first.cartLabel);
      await expectScreen(page, `${s.slug}-cart-modal`);
      await modal.getByRole("button", { name: `Remove ${first.title}` }).click();
      await expect(modal.getByTestId("cart-item")).toHaveCount(1);
      await expect(modal.getByTestId("cart-item")).toContainText(second.title);
      await expect(modal.getByTestId("cart-total")).toHaveText(second.cartLabel);
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      // C2: the site has no coupon of that name: the field turns red, nothing is said or kept.
      const box = modal.getByTestId("coupon-box");
      await box.getByRole("button", { name: "Have a coupon code?" }).click();
      await modal.getByLabel("Coupon code").fill("NO-SUCH-CODE");
      await modal.getByRole("button", { name: "Apply" }).click();
      await expect(box).toHaveAttribute("data-state", "invalid");
      await expect(modal.getByLabel("Coupon code")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("coupon-toast")).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("coupon"))).toBeNull();

      await modal.getByRole("link", { name: "Proceed to checkout" }).click();
      await expect(page).toHaveURL(site(s.slug, "/checkout"));
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
      // P3: no site header and footer on checkout.
      await expect(page.locator("header")).toHaveCount(0);
      await expect(page.locator("footer")).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByTestId("cart-item")).toHaveCount(1);
      await expect(page.getByTestId("cart-item")).toContainText(second.title);
      await expect(page.getByTestId("coupon-box")).toHaveAttribute("data-state", "idle");
      await expect(page.getByTestId("place-order")).toBeDisabled();
      await expectScreen(page, `${s.slug}-checkout`);
      expect(problems).toEqual([]);
    });

    test(`P13 the owner's scripts run on public pages, never on sign-in or checkout (${s.slug})`, async ({
      page,
    }) => {
      const ran = () => page.locator("html").getAttribute("data-owner-script");
      await open(page, site(s.slug));
      await expect.poll(ran).toBe("1");
      await open(page, site(s.slug, "/blog"));
      await expect.poll(ran).toBe("1");
      for (const path of ["/login", "/signup", "/checkout"]) {
        await open(page, site(s.slug, path));
        await page.waitForTimeout(300);
        expect(await ran(), path).toBeNull();
      }
      // Moving within the app from a public page to sign-in loads it afresh, without them.
      await open(page, site(s.slug));
      await expect.poll(ran).toBe("1");
      await page.getByRole("banner").getByRole("link", { name: "Log in" }).click();
      await expect(page).toHaveURL(site(s.slug, "/login"));
      await expect.poll(ran).toBeNull();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    });

    test(`P13 the footer shows its notice, columns, bottom logo and links (${s.slug})`, async ({
      page,
    }) => {
      await open(page, site(s.slug));
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByTestId("footer-notice")).toBeVisible();
      await expect(footer.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expect(footer.getByRole("link").filter({ has: page.locator("img") })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(footer.getByRole("navigation").getByRole("link").first()).toBeVisible();
    });
  });
}

test("P13 the footer notice wears the owner's colour in light and only a tint of it in dark", async ({
  page,
}) => {
  // Painted on a canvas, any CSS colour syntax (color-mix answers in color(srgb …)) reads as RGB.
  const background = () =>
    page.getByTestId("footer-notice").evaluate((el) => {
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = getComputedStyle(el).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
      return [red, green, blue];
    });
  await open(page, site("acme"));
  expect(await background()).toEqual([255, 244, 230]); // acme's #fff4e6
  await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  const [r, g, b] = await background();
  // Dark enough to sit in a dark page: no channel above a third of full brightness.
  expect(Math.max(r!, g!, b!)).toBeLessThan(85);
  await page.getByTestId("footer-notice").scrollIntoViewIfNeeded();
  await expectScreen(page, "acme-footer-notice-dark");
});

test("P8 a header that is not fixed hides while scrolling down and returns at ≤ 100 px or scrolling up (acme)", async ({
  page,
}) => {
  await open(page, site("acme"));
  const header = page.locator("header");
  // Transparent over the hero until scrolled.
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    "rgba(0, 0, 0, 0)",
  );
  await scrollTo(page, 60);
  await expect(header).toHaveAttribute("data-scrolled", "");
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .not.toBe("rgba(0, 0, 0, 0)");
  await scrollTo(page, 90);
  await page.waitForTimeout(150);
  await expect(header).not.toHaveAttribute("data-hidden");
  await scrollTo(page, 400);
  await expect(header).toHaveAttribute("data-hidden", "");
  await expect.poll(async () => (await header.boundingBox())!.y).toBeLessThan(-60);
  await scrollTo(page, 300);
  await expect(header).not.toHaveAttribute("data-hidden");
  await scrollTo(page, 420);
  await expect(header).toHaveAttribute("data-hidden", "");
  await scrollTo(page, 100);
  await expect(header).not.toHaveAttribute("data-hidden");
});

test("P8 a fixed header never hides (demo)", async ({ page }) => {
  await open(page, site("demo"));
  const header = page.locator("header");
  for (const y of [150, 300, 450]) {
    await scrollTo(page, y);
    await page.waitForTimeout(100);
  }
  await expect(header).toHaveAttribute("data-scrolled", "");
  await expect(header).not.toHaveAttribute("data-hidden");
  expect((await header.boundingBox())!.y).toBeLessThanOrEqual(1);
  // Solid style: a background from the start.
  await scrollTo(page, 0);
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
    "rgba(0, 0, 0, 0)",
  );
});

test("P14 C2 the demo's header notice names its coupon, and a newcomer applies it in the cart: the coupon box turns valid", async ({
  page,
}) => {
  const problems = watchErrors(page);
  await open(page, site("demo"));
  // The visitor reads the code off the notice, as a person would, and it is the seeded one.
  const notice = page.getByTestId("header-notice");
  await expect(notice).toContainText("every course 20% off this week with code");
  const code = (await notice.innerText()).match(/with code (\S+?)\./)?.[1];
  expect(code).toBe(DEMO_COUPON);

  await open(page, site("demo", "/course/design-foundations"));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: "Cart, items: 1" }).click();
  const modal = page.getByRole("dialog", { name: "Your cart" });
  await expect(modal).toBeVisible();
  const box = modal.getByTestId("coupon-box");
  await box.getByRole("button", { name: "Have a coupon code?" }).click();
  await modal.getByLabel("Coupon code").fill(code!);
  await modal.getByRole("button", { name: "Apply" }).click();
  // C2 valid: green, kept with the cart, the discount the notice promised in the totals.
  await expect(box).toHaveAttribute("data-state", "valid");
  const applied = modal.getByTestId("coupon-applied");
  await expect(applied).toContainText(`Coupon ${DEMO_COUPON} applied`);
  await expect(applied).toContainText("20% off");
  await expect(page.getByTestId("coupon-toast")).toHaveText("Coupon applied.");
  await expect(page.getByTestId("coupon-toast")).toHaveAttribute("data-tone", "success");
  await expect(modal.getByTestId("cart-subtotal")).toHaveText("$49");
  await expect(modal.getByTestId("cart-discount")).toHaveText("−$9.80");
  await expect(modal.getByTestId("cart-total")).toHaveText("$39.20");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("coupon")!))).toMatchObject({
    name: DEMO_COUPON,
    discountType: "percentage",
    amount: 20,
  });
  expect(problems).toEqual([]);
});

test("P11 with an empty cart the button says so and no modal opens", async ({ page }) => {
  await open(page, site("demo"));
  await page.getByRole("button", { name: "Cart", exact: true }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Your cart" })).toHaveCount(0);
  await open(page, site("demo", "/checkout"));
  await expect(page.getByTestId("checkout-empty")).toContainText("Your cart is empty");
});

test("P11 the cart follows other tabs through the storage event", async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await open(first, site("demo"));
  await open(second, site("demo", "/course/design-foundations"));
  await second.getByRole("button", { name: "Add to cart" }).click();
  await expect(first.getByTestId("cart-count")).toHaveText("1");
  await first.evaluate(() => localStorage.removeItem("cartItems"));
  await expect(second.getByTestId("cart-count")).toHaveCount(0);
});

test("P11 a corrupted cart in localStorage reads as empty and the site keeps working", async ({
  page,
}) => {
  const problems = watchErrors(page);
  await open(page, site("demo"));
  await page.evaluate(() => {
    localStorage.setItem("cartItems", "{not json");
    // A broken cart under the old key is dropped when it is carried over.
    localStorage.setItem("cart", "[{");
  });
  await open(page, site("demo", "/course/design-foundations"));
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  expect(problems).toEqual([]);
});

test("P11 free courses have no add-to-cart button", async ({ page }) => {
  await open(page, site("demo", "/course/photography"));
  await expect(page.getByTestId("course-price")).toHaveText("Free");
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
});

test("P6 at 375 px the drawer still works and nothing overflows sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  const problems = watchErrors(page);
  for (const slug of ["demo", "acme"]) {
    await open(page, site(slug));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, slug).toBeLessThanOrEqual(375);
    // The logo shrinks to fit beside the controls rather than being cut off.
    const logo = page.getByRole("banner").locator("img").first();
    const fits = await logo.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const link = img.closest("a")!.getBoundingClientRect();
      return box.right <= link.right + 0.5 && box.width > 60;
    });
    expect(fits, slug).toBe(true);
    await expectScreen(page, `${slug}-375`);
    await expect(page.getByTestId("cart-button")).toBeVisible();
    await page.getByRole("button", { name: "Open the menu" }).click();
    const drawer = page.getByRole("navigation", { name: "Mobile menu" });
    await expect(drawer.getByRole("link").first()).toBeVisible();
    await expectScreen(page, `${slug}-375-drawer`);
    await drawer.getByRole("link").nth(1).click();
    await expect(drawer).toBeHidden();
  }
  expect(problems).toEqual([]);
});

test("P12 signed in, the user menu offers dashboard, notifications, profile and log out to /", async ({
  page,
}) => {
  await open(page, site("demo", "/login?redirectedFrom=/blog"));
  await page.getByLabel("E-mail").fill("student@demo.test");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Lyceum-Demo-2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(site("demo", "/blog"));
  await page.getByTestId("user-menu").click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await expect(menu.getByRole("menuitem", { name: "Notifications" })).toHaveAttribute(
    "href",
    "/dashboard/notifications",
  );
  await expect(menu.getByRole("menuitem", { name: "Your profile" })).toHaveAttribute(
    "href",
    "/dashboard/profile",
  );
  await menu.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(site("demo", "/"));
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign up" })).toBeVisible();
});

/** The Sign up button's colour and the colour Mantine gives `color`, to compare. */
function primaryColours(page: Page, color: string) {
  return page.evaluate((name) => {
    const probe = document.createElement("div");
    probe.style.background = `var(--mantine-color-${name}-filled)`;
    document.body.append(probe);
    const expected = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const button = document.querySelector("header a[href='/signup']")!;
    return { expected, actual: getComputedStyle(button).backgroundColor };
  }, color);
}

test("P19 boxed and full body styles and each account's colours and fonts", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, site("acme"));
  const frame = page.locator("[data-body-style]");
  await expect(frame).toHaveAttribute("data-body-style", "boxed");
  expect((await frame.boundingBox())!.width).toBe(1240);
  const acme = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    backdrop: getComputedStyle(document.body).backgroundColor,
  }));
  expect(acme.body).toContain("Georgia");
  expect(acme.heading).toContain("Georgia");
  const orange = await primaryColours(page, "orange");
  expect(orange.actual).toBe(orange.expected);
  await expectScreen(page, "acme-boxed-1440");

  await open(page, site("demo"));
  await expect(frame).toHaveAttribute("data-body-style", "full");
  expect((await frame.boundingBox())!.width).toBe(1440);
  const demo = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    backdrop: getComputedStyle(document.body).backgroundColor,
  }));
  expect(demo.body).not.toContain("Georgia");
  const indigo = await primaryColours(page, "indigo");
  expect(indigo.actual).toBe(indigo.expected);
  expect(indigo.actual).not.toBe(orange.actual);
  expect(demo.backdrop).not.toBe(acme.backdrop);
});
