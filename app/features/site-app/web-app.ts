import { DEFAULT_THEME } from "@mantine/core";
import type { AccountSummary } from "~/features/accounts/accounts";
import { appIconPath, type AppIconSize } from "./validation";

/** The site's colour as a hex value (the theme's primary colour, shade 7: white text reads on it). */
export function themeColourOf(primaryColor: string | undefined): string {
  const palette = DEFAULT_THEME.colors[primaryColor ?? "blue"] ?? DEFAULT_THEME.colors.blue;
  return palette[7];
}

/** FNV-1a of the strings, in base 36: changes whenever what an icon is drawn from changes. */
function shortHash(parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const character of parts.join("\u0000")) {
    hash ^= character.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** What the web app's icons are drawn from: the uploaded icon, else the name and colour. */
export function appIconSource(account: Pick<AccountSummary, "settings" | "slug">, colour: string) {
  const title = account.settings.sitetitle ?? account.slug;
  return { icon: account.settings.icon ?? null, title, colour };
}

/** An icon's address, versioned by what it is drawn from (so browsers fetch a new one at once). */
export function appIconUrl(source: ReturnType<typeof appIconSource>, size: AppIconSize): string {
  return `${appIconPath(size)}?v=${shortHash([source.icon ?? "", source.title, source.colour])}`;
}

/**
 * The name a home screen shows under the icon (at most 12 characters): the site's name when it
 * fits, else its first word when that does, else the name cut.
 */
export function shortNameOf(title: string): string {
  const name = title.trim();
  if ([...name].length <= 12) return name;
  const first = name.split(/\s+/)[0] ?? name;
  return [...first].length <= 12 ? first : [...name].slice(0, 12).join("").trim();
}
