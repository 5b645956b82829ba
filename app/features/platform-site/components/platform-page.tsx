import type { PlatformPageSlug } from "../platform-site.server";
import { FeaturesPage } from "./features";
import type { PlanCardData } from "./plan-cards";
import { PricingPage } from "./pricing";
import { ProductPage } from "./product";
import { UseCasesPage } from "./use-cases";

export type MarketingPageProps = {
  slug: PlatformPageSlug;
  /** The plans' cards; only the pricing page shows them. */
  plans: PlanCardData[];
};

/** The base domain's `/{pageSlug}`: one of the marketing pages. */
export function PlatformPage({ slug, plans }: MarketingPageProps) {
  if (slug === "pricing") return <PricingPage plans={plans} />;
  if (slug === "features") return <FeaturesPage />;
  if (slug === "use-cases") return <UseCasesPage />;
  return <ProductPage />;
}
