// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { SiteAnalytics } from "~/features/analytics/analytics";
import { createI18n } from "~/platform/i18n/i18n";
import { IslandCollectorContext, createIslandCollector } from "~/platform/islands/island";
import { CookieNotice } from "./cookie-notice";
import { OwnerScripts } from "./owner-scripts";

/** The server's rendering, into an island document or into the app's. */
function render(node: ReactNode, { islands, path = "/" }: { islands: boolean; path?: string }) {
  return renderToString(
    <IslandCollectorContext.Provider value={islands ? createIslandCollector() : null}>
      <I18nextProvider i18n={createI18n({ lang: "en", messages: {} })}>
        <MantineProvider>
          <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </IslandCollectorContext.Provider>,
  );
}

const host = (html: string) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
};

/** Nothing of the part is in the HTML (Mantine's provider writes its styles whatever it holds). */
const absent = (html: string) =>
  host(html).querySelector("[data-enhance], [data-testid], [data-consent]") === null;

describe("I32 the site frame's parts in an island document carry what their enhancers need", () => {
  test("P15 I32 the cookie notice is sent hidden, for every visitor alike, with a plain privacy link and its three choices", () => {
    const page = host(render(<CookieNotice privacyHref="/privacy" />, { islands: true }));
    const card = page.querySelector<HTMLElement>('[data-enhance="cookie-notice"]')!;
    expect(card.hidden).toBe(true);
    expect(card.querySelector("a")!.getAttribute("href")).toBe("/privacy");
    expect(card.querySelector("a")!.hasAttribute("data-discover")).toBe(false);
    expect(
      Array.from(card.querySelectorAll<HTMLElement>("[data-consent]"), (b) => b.dataset.consent),
    ).toEqual(["all", "required", "disabled"]);
    // In the app it is the browser's to render, after hydration.
    expect(absent(render(<CookieNotice privacyHref="/privacy" />, { islands: false }))).toBe(true);
  });

  test("P13 I32 the owner's scripts travel in a hidden marker on public pages only", () => {
    const html = '<script>window.x = "<b>&"</script>';
    const page = host(render(<OwnerScripts html={html} />, { islands: true }));
    expect(page.querySelector<HTMLElement>('[data-enhance="owner-scripts"]')!.dataset.html).toBe(
      html,
    );
    expect(absent(render(<OwnerScripts html={html} />, { islands: true, path: "/checkout" }))).toBe(
      true,
    );
    expect(absent(render(<OwnerScripts html="  " />, { islands: true }))).toBe(true);
    expect(absent(render(<OwnerScripts html={html} />, { islands: false }))).toBe(true);
  });

  test("P21 I32 site analytics leave a marker with the account and the tag, and nothing in the app", () => {
    const page = host(render(<SiteAnalytics accountId="a-1" tag="G-1" />, { islands: true }));
    const marker = page.querySelector<HTMLElement>('[data-enhance="site-analytics"]')!;
    expect(marker.hidden).toBe(true);
    expect({ ...marker.dataset }).toEqual({
      enhance: "site-analytics",
      accountId: "a-1",
      tag: "G-1",
    });
    expect(absent(render(<SiteAnalytics accountId="a-1" tag={null} />, { islands: false }))).toBe(
      true,
    );
  });
});
