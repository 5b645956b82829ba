import { getSiteOptions } from "~/features/options/options.server";
import type { MenuItem } from "~/features/options/validation";
import type { Database } from "~/platform/db/database.server";
import { sanitizeUserHtml } from "~/platform/sanitize.server";

const chromeKeys = ["menus", "header", "footer", "theme"] as const;

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

type ChromeOptions = Awaited<ReturnType<typeof readChromeOptions>>;

function readChromeOptions(database: Database, accountId: string) {
  return database.forAccount(accountId, (tx) =>
    getSiteOptions(tx, { accountId, keys: chromeKeys }),
  );
}

/**
 * Everything the public site's frame needs: menus, header, footer and theme options, read
 * through the per-account option cache when one is given.
 */
export async function loadSiteChrome(
  database: Database,
  accountId: string,
  cache?: { get(key: string): unknown; set(key: string, value: unknown): void },
) {
  let found = cache?.get(accountId) as ChromeOptions | undefined;
  if (!found) {
    found = await readChromeOptions(database, accountId);
    cache?.set(accountId, found);
  }
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
  };
}

export type SiteChrome = Awaited<ReturnType<typeof loadSiteChrome>>;
