/** Spec §2: a menu URL containing `http` is external; anything else is a site path under `/`. */
export function menuHref(url: string | undefined): { href: string; external: boolean } {
  if (!url) return { href: "#", external: false };
  if (url.includes("http")) return { href: url, external: true };
  return { href: url.startsWith("/") ? url : `/${url}`, external: false };
}
