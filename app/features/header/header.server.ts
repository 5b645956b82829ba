import type { AccountSummary } from "~/features/accounts/accounts";
import { sanitiseMenus } from "~/features/menus/menus.server";
import type { MenusValue } from "~/features/menus/menus";
import { brandingOf } from "./branding.server";
import { headerOption, type HeaderSettings, type HeaderValue } from "./header-option";

/**
 * D16: what the header, logo and menu screen edits — the header option (without its notices,
 * which the notices screen owns), the header and mobile menus and the logo settings.
 */
export function headerEditorData({
  account,
  header,
  menus,
}: {
  account: AccountSummary;
  header: HeaderValue | undefined;
  menus: MenusValue | undefined;
}) {
  const { notices: _notices, ...settings } = header ?? headerOption.schema.parse({});
  return {
    header: settings satisfies HeaderSettings,
    // The editor starts from what the public site shows: megamenu HTML sanitised as there,
    // whatever is stored (a value saved through the API already is).
    menus: sanitiseMenus(menus),
    branding: brandingOf(account.settings),
  };
}

export * from "./branding.server";
export * from "./branding-api.server";
