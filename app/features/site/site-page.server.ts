import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { areaMessages, type MessageArea } from "~/platform/i18n/area-messages.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import { safeUrl } from "~/platform/safe-values";
import { canonicalUrl } from "./seo";
import type { SiteOrganization } from "./structured-data";

/**
 * What a page of an account's site sends beside its own data: the site's name and the page's
 * canonical address, which `seo` needs, and the strings of the areas its screen uses. The areas
 * are named by the route module, where the i18n test looks for them.
 */
export function sitePageData(
  { account, request, lang }: { account: AccountSummary; request: Request; lang: LanguageCode },
  areas: MessageArea[],
  /** Query parameters that make another page of the same path (the blog's `page`). */
  keepParams: string[] = [],
) {
  return {
    siteName: siteNameOf(account),
    url: canonicalUrl(request, keepParams),
    messages: areaMessages(lang, ...areas),
    site: siteOrganizationOf(account, request),
  };
}

/** The site as its pages' structured data names it: its name, home and logo. */
export function siteOrganizationOf(account: AccountSummary, request: Request): SiteOrganization {
  const home = new URL("/", canonicalUrl(request)).href;
  const logo = safeUrl(account.settings.logo);
  return { name: siteNameOf(account), url: home, logo: logo ? new URL(logo, home).href : null };
}

const sections = {
  blog: { path: "/blog", title: "site.blog.title" },
  courses: { path: "/course", title: "site.courses.title" },
} as const;

/**
 * The breadcrumbs above a page, for its structured data: the site's home, then the section it
 * is in (the blog, the courses), in the visitor's language; the page adds itself.
 */
export function breadcrumbTrail(
  site: SiteOrganization,
  lang: LanguageCode,
  section?: keyof typeof sections,
): { name: string; url: string }[] {
  const home = { name: site.name, url: site.url };
  if (!section) return [home];
  const { path, title } = sections[section];
  return [home, { name: textIn(lang, title), url: new URL(path, site.url).href }];
}
