import { isAbsoluteHttpUrl, safeUrl } from "~/platform/safe-values";

/**
 * Spec §2: a menu URL is external when it is a full http(s) address; anything else is a site path
 * under `/`. Checked again here, not only on save: a stored `javascript:`, `data:` or `//host`
 * address (saved before the check, or written around it) becomes a dead `#` link.
 */
export function menuHref(url: string | undefined): { href: string; external: boolean } {
  const safe = safeUrl(url);
  if (!safe) return { href: "#", external: false };
  if (isAbsoluteHttpUrl(safe)) return { href: safe, external: true };
  return { href: safe.startsWith("/") ? safe : `/${safe}`, external: false };
}
