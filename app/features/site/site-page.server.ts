import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import { areaMessages, type MessageArea } from "~/platform/i18n/area-messages.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { canonicalUrl } from "./seo";

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
  };
}
