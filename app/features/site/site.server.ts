import { getSiteOptions } from "~/features/options/options.server";
import { getPage } from "~/features/pages/pages.server";
import type { MenuItem } from "~/features/options/validation";
import type { Database } from "~/platform/db/database.server";
import { sanitizeUserHtml } from "~/platform/sanitize.server";

const chromeKeys = ["menus", "header", "footer", "theme", "misc"] as const;

function sanitiseMenu(items: MenuItem[]): MenuItem[] {
  return items.map((item) => ({
    ...item,
    mega_menu: item.mega_menu && {
      ...item.mega_menu,
      columns: item.mega_menu.columns.map((c) => ({ ...c, content: sanitizeUserHtml(c.content) })),
    },
    children: item.children && sanitiseMenu(item.children),
  }));
}

/**
 * Everything the public site's frame needs: menus, header, footer, theme and misc options, and
 * whether the account has a privacy page for the cookie notice to link to.
 */
export async function loadSiteChrome(database: Database, accountId: string) {
  const [found, privacyPage] = await Promise.all([
    database.forAccount(accountId, (tx) => getSiteOptions(tx, { accountId, keys: chromeKeys })),
    getPage(database, { accountId, slug: "privacy" }),
  ]);
  const notices = found.header?.notices;
  const now = Date.now();
  return {
    // Decided on the server so the first paint and hydration agree.
    headerNoticeActive: Boolean(
      notices?.enable_header_notice &&
      notices.header_notice &&
      (notices.header_notice_start === null || notices.header_notice_start <= now) &&
      (notices.header_notice_expire === null || notices.header_notice_expire > now),
    ),
    menus: {
      header: sanitiseMenu(found.menus?.header ?? []),
      mobile: sanitiseMenu(found.menus?.mobile ?? []),
    },
    header: found.header,
    footer: found.footer,
    theme: found.theme ?? { bodyStyle: "full" as const, primaryColor: "blue" as const },
    // The owner's custom scripts (P13): trusted owner content, deliberately not sanitised; the
    // frame runs them on public pages only.
    misc: { scripts: found.misc?.scripts ?? "" },
    privacyHref: privacyPage ? "/privacy" : null,
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
