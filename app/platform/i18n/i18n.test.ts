import { describe, expect, test } from "vitest";
import { addMessages, createI18n, serverI18n, textFromMatches } from "./i18n";
import { messagesFor, pickMessages } from "./messages.server";

describe("I12 a page's catalogue is put together from its routes' shares", () => {
  test("I12 pickMessages keeps the catalogue's shape for the parts asked, deeper parts included", () => {
    const picked = pickMessages("fr", ["chrome.notice", "site.blog.title", "site.openMenu"]);
    const french = messagesFor("fr") as {
      chrome: { notice: unknown };
      site: { blog: { title: string }; openMenu: string };
    };
    expect(picked).toEqual({
      chrome: { notice: french.chrome.notice },
      site: { blog: { title: french.site.blog.title }, openMenu: french.site.openMenu },
    });
  });

  test("I12 a part inside a part already picked leaves the catalogue itself unchanged", () => {
    const before = JSON.stringify(messagesFor("de"));
    const picked = pickMessages("de", ["platform.home.ctaTitle", "platform.nav", "platform.home"]);
    expect(Object.keys(picked.platform as object).sort()).toEqual(["home", "nav"]);
    expect(JSON.stringify(messagesFor("de"))).toBe(before);
  });

  test("I12 a part the catalogue does not have is a mistake in the areas, not an empty page", () => {
    expect(() => pickMessages("en", ["site.noSuchPart"])).toThrow(/site\.noSuchPart/);
  });

  test("I12 a route's messages join the page's instance deep-merged, and the loader data stays as it was", () => {
    const base = { errors: { backHome: "Home" } };
    const frame = { errors: { notFound: "Nothing" }, cart: { title: "Cart" } };
    const baseCopy = structuredClone(base);
    const frameCopy = structuredClone(frame);
    const i18n = createI18n({ lang: "en", messages: base });
    expect(i18n.t("cart.title")).toBe("cart.title");
    addMessages(i18n, "en", frame);
    expect(i18n.t("cart.title")).toBe("Cart");
    expect(i18n.t("errors.backHome")).toBe("Home");
    expect(i18n.t("errors.notFound")).toBe("Nothing");
    expect(base).toEqual(baseCopy);
    expect(frame).toEqual(frameCopy);
  });

  test("I12 a meta function finds a text in whichever matched route sent it", () => {
    const matches = [
      { loaderData: { messages: { errors: { pageNotFound: "Page not found" } } } },
      { loaderData: { kind: "site" } },
      undefined,
      {
        loaderData: { messages: { dashboard: { sections: { manageTheme: { title: "Theme" } } } } },
      },
    ];
    expect(textFromMatches(matches, "dashboard.sections.manageTheme.title")).toBe("Theme");
    expect(textFromMatches(matches, "errors.pageNotFound")).toBe("Page not found");
    expect(textFromMatches(matches, "dashboard.sections")).toBeUndefined();
    expect(textFromMatches(matches, "errors.internal")).toBeUndefined();
  });

  test("I32 the server makes one instance per language and shares, and uses it again", () => {
    const root = pickMessages("fr", ["errors.backHome"]);
    const player = pickMessages("fr", ["site.blog"]);
    const french = messagesFor("fr") as { errors: { backHome: string }; site: { blog: unknown } };
    const first = serverI18n("fr", root, [player]);
    expect(first.t("errors.backHome")).toBe(french.errors.backHome);
    expect(first.getResource("fr", "translation", "site.blog")).toEqual(french.site.blog);
    // The loaders' shares are cached objects: the same ones give the same instance.
    expect(serverI18n("fr", root, [player])).toBe(first);
    expect(serverI18n("fr", root, [])).not.toBe(first);
    expect(serverI18n("fr", root, [{ ...player }])).not.toBe(first);
    // Shares made afresh on every request (none of ours is) cannot grow the cache without bound.
    for (let i = 0; i < 100; i++) serverI18n("fr", root, [{ n: String(i) }]);
    expect(serverI18n("fr", root, [player])).not.toBe(first);
    // Nothing merged into the loaders' shares.
    expect(root).toEqual(pickMessages("fr", ["errors.backHome"]));
    expect(Object.keys(root)).toEqual(["errors"]);
  });
});
