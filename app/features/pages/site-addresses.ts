/**
 * The first segments of addresses the site's own screens and the server answer before any page
 * (`app/routes.ts`, `server/app.ts`): a page there would never be reached, so a page may not
 * take one as its slug (`slugReservedPath`). Kept in step with the routes by a test.
 */
export const SITE_ADDRESSES: ReadonlySet<string> = new Set([
  "api",
  "assets",
  "blog",
  "book",
  "boom",
  "certificates",
  "checkout",
  "course",
  "dashboard",
  "docs",
  "email",
  "f",
  "favicon.svg",
  "files",
  "form",
  "login",
  "media",
  "members",
  "metrics",
  "product",
  "robots.txt",
  "signup",
  "sitemap.xml",
  "social",
  "subscribed",
  "thankyou",
]);

/** Whether a page of `kind` may not use `slug`: site pages live at `/{slug}`, beside the screens. */
export const isReservedPageSlug = (kind: string, slug: string) =>
  kind === "page" && SITE_ADDRESSES.has(slug);
