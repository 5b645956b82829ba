import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { listPlans } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import { canonicalUrl } from "~/features/site/site";
import type { PlanCardData } from "./components/plan-cards";

/** The platform pages that share their paths with account pages (`/{pageSlug}`). */
export const platformPageSlugs = ["product", "use-cases", "features", "pricing"] as const;
export type PlatformPageSlug = (typeof platformPageSlugs)[number];

export function isPlatformPageSlug(slug: string): slug is PlatformPageSlug {
  return (platformPageSlugs as readonly string[]).includes(slug);
}

type MetaPage = "home" | "product" | "useCases" | "features" | "pricing" | "signup" | "login";

const metaKeys: Record<PlatformPageSlug, MetaPage> = {
  product: "product",
  "use-cases": "useCases",
  features: "features",
  pricing: "pricing",
};

/** Title, description and canonical address of a platform page, in the request's language. */
export function platformMeta(
  { lang, request }: { lang: LanguageCode; request: Request },
  page: MetaPage | PlatformPageSlug,
) {
  const key = page in metaKeys ? metaKeys[page as PlatformPageSlug] : (page as MetaPage);
  return {
    title: textIn(lang, `platform.meta.${key}.title`),
    description: textIn(lang, `platform.meta.${key}.description`),
    url: canonicalUrl(request),
    standalone: key === "home",
  };
}

/** The plans table as the platform pages show it. */
export async function planCards(database: Database): Promise<PlanCardData[]> {
  const plans = await listPlans(database);
  return plans.map(({ id, label, description, pricing, features, limits, addons }) => ({
    id,
    label,
    description,
    pricing,
    features,
    limits,
    addons,
  }));
}

/** Links to the demo schools, for those this installation has (SEED_DEMO). */
export async function demoSiteUrls(
  database: Database,
  { baseDomain, request }: { baseDomain: string; request: Request },
) {
  const url = new URL(request.url);
  const port = url.port ? `:${url.port}` : "";
  const urls: string[] = [];
  for (const slug of ["demo", "acme"]) {
    if (await findAccountForSlug(database, slug))
      urls.push(`${url.protocol}//${slug}.${baseDomain}${port}/`);
  }
  return urls;
}

/** The base domain's public pages, for its sitemap. */
export const platformSitemapPaths = [
  "/",
  ...platformPageSlugs.map((slug) => `/${slug}`),
  "/signup",
];
