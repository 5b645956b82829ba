import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { menusOption } from "~/features/menus/menus";
import { sanitiseMenus } from "~/features/menus/menus.server";
import { headerNoticeShows, nextNoticeChange } from "~/features/notices/notices";
import { getSiteOptions } from "~/features/options/options.server";
import { themeOption } from "~/features/theme/theme";
import { miscOption } from "./site-option";
import { getPage } from "~/features/pages/pages.server";
import type { Database } from "~/platform/db/database.server";

const chromeOptions = [menusOption, headerOption, footerOption, themeOption, miscOption] as const;

/**
 * The stored sources of the frame: option values, the menus sanitised (on save too; again here
 * for anything stored before or around that, once per read rather than per request) and
 * whether a privacy page exists.
 */
async function readChromeSources(database: Database, accountId: string) {
  const [options, privacyPage] = await Promise.all([
    database.forAccount(accountId, (tx) =>
      getSiteOptions(tx, { accountId, options: chromeOptions }),
    ),
    getPage(database, { accountId, slug: "privacy" }),
  ]);
  return { options, menus: sanitiseMenus(options.menus), hasPrivacyPage: Boolean(privacyPage) };
}

type ChromeSources = Awaited<ReturnType<typeof readChromeSources>>;

/**
 * Everything the public site's frame needs: menus, header, footer, theme and misc options, and
 * whether the account has a privacy page for the cookie notice to link to; read through the
 * per-account option cache when one is given.
 */
export async function loadSiteChrome(
  database: Database,
  accountId: string,
  cache?: { get(key: string): unknown; set(key: string, value: unknown): void },
) {
  let sources = cache?.get(accountId) as ChromeSources | undefined;
  if (!sources) {
    sources = await readChromeSources(database, accountId);
    cache?.set(accountId, sources);
  }
  const found = sources.options;
  const notices = found.header?.notices;
  const now = Date.now();
  return {
    // Decided on the server so the first paint and hydration agree.
    headerNoticeActive: headerNoticeShows(notices, now),
    /** P14: when the header notice next appears or goes; a page rendered now is stale then. */
    staleAt: nextNoticeChange(notices, now),
    menus: sources.menus,
    header: found.header,
    footer: found.footer,
    theme: found.theme ?? { bodyStyle: "full" as const, primaryColor: "blue" as const },
    // The owner's custom scripts (P13): trusted owner content, deliberately not sanitised; the
    // frame runs them on public pages only.
    misc: { scripts: found.misc?.scripts ?? "" },
    /** The owner's Google Analytics 4 measurement id (P21), used only after consent `all`. */
    analyticsTag: found.misc?.analytics_tag ?? null,
    privacyHref: sources.hasPrivacyPage ? "/privacy" : null,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;

export * from "./cache-token.server";
export * from "./site-cache.server";
export * from "./sitemap.server";
export { sitemapRoute } from "./sitemap-route.server";
export { socialCardPng, socialCardCacheStats } from "./social-card.server";
export { breadcrumbTrail, sitePageData, siteOrganizationOf } from "./site-page.server";
