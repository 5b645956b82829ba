import { siteNameOf } from "~/features/accounts/accounts";
import { contentAccount, notFound } from "~/features/accounts/accounts.server";
import { tenantContext } from "~/features/accounts/accounts";
import { PageScreen } from "~/features/pages/pages";
import { getPage } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { PlatformPage } from "~/features/platform-site/platform-site";
import {
  isPlatformPageSlug,
  planCards,
  platformMeta,
  type PlatformPageSlug,
} from "~/features/platform-site/platform-site.server";
import { platformSeo } from "~/features/platform-site/platform-site";
import { canonicalUrl, seo, socialCardPath } from "~/features/site/site";
import {
  hreflangLinks,
  LanguageSwitcher,
  negotiateContentLanguage,
} from "~/features/content/content";
import { areaMessages, type MessageArea } from "~/platform/i18n/area-messages.server";
import { viewerContext } from "~/features/members/members";
import { MembersOnly } from "~/features/memberships/memberships";
import { contentGate } from "~/features/memberships/memberships.server";
import { ProductCards } from "~/features/products/products";
import { productsForLevels } from "~/features/products/products.server";
import { Container } from "@mantine/core";
import { islandsHandle } from "~/platform/islands/island-document";
import { formsMarkupFor } from "~/features/forms/forms.server";
import { secretBoxContext } from "~/platform/secret-box.server";
import type { Route } from "./+types/page";

// On a site, HTML plus its islands (decision 048): blocks are server HTML, the language switcher
// and members-only offers are links. A marketing page of the base domain stays an application.
export const handle = islandsHandle;

/** Each marketing page's strings. */
const marketingAreas = {
  product: "platformProduct",
  "use-cases": "platformUseCases",
  features: "platformFeatures",
  pricing: "platformPricing",
} as const satisfies Record<PlatformPageSlug, MessageArea>;

/*
 * `/{pageSlug}` belongs to whoever the host is. On the base domain it is one of the platform's
 * marketing pages (`/product`, `/use-cases`, `/features`, `/pricing`), which win, else a page of
 * the platform account (decision 029); on an account's site it is that account's page, so an
 * account may have its own `/pricing`. Deciding here, in the one
 * route module for the path, keeps routes.ts free of marketing routes that would otherwise
 * shadow every account's page of the same name.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { database, lang } = context.get(servicesContext);
  const slug = params.pageSlug;
  if (context.get(tenantContext).kind === "platform" && isPlatformPageSlug(slug)) {
    return {
      kind: "platform" as const,
      slug,
      meta: platformMeta({ lang, request }, slug),
      plans: slug === "pricing" ? await planCards(database) : [],
      messages: areaMessages(lang, marketingAreas[slug]),
    };
  }
  // Any other slug on the base domain is the platform account's own page, if it has one.
  const account = contentAccount(context);
  const languages = negotiateContentLanguage(request, lang);
  const page = await getPage(database, {
    accountId: account.accountId,
    slug: params.pageSlug,
    lang,
    choose: languages.choose,
    formsMarkup: formsMarkupFor(
      { database, secretBox: context.get(secretBoxContext) },
      { accountId: account.accountId, lang, url: new URL(request.url) },
    ),
  });
  if (!page) notFound();
  const { versions, url, contentLanguage } = languages.versionsOf(page, canonicalUrl(request));
  const viewer = context.get(viewerContext);
  // Issue 16: a page a membership rule covers shows its description and a call to action.
  const gate = await contentGate(database, {
    accountId: account.accountId,
    viewer,
    resource: { type: "page", id: page.id },
  });
  const membersOnly = gate.open
    ? null
    : {
        levels: gate.levels,
        signedIn: Boolean(viewer),
        offers: await productsForLevels(database, {
          accountId: account.accountId,
          membershipIds: gate.levels.map((level) => level.id),
          currency: account.settings.currency ?? "USD",
        }),
      };
  return {
    kind: "site" as const,
    page: membersOnly ? { ...page, html: "", blocksCarryTitle: false } : page,
    membersOnly,
    versions,
    siteName: siteNameOf(account),
    url,
    contentLanguage,
    messages: areaMessages(
      lang,
      "contentLanguages",
      ...(membersOnly ? (["membersOnly", "productOffer"] as const) : []),
    ),
  };
}

export function headers() {
  // The same address answers in the visitor's language when the page has that translation.
  return { Vary: "Accept-Language" };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  if (loaderData.kind === "platform") return platformSeo(loaderData.meta);
  const { page, siteName, url, versions } = loaderData;
  return [
    ...seo({
      title: page.seo.title || page.title,
      siteName,
      description: page.seo.description || page.description,
      url,
      image: page.seo.image,
      card: socialCardPath("page", params.pageSlug),
    }),
    ...hreflangLinks(versions),
  ];
}

/** A page built from blocks, or on the base domain a marketing page. */
export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "platform") {
    return <PlatformPage slug={loaderData.slug} plans={loaderData.plans} />;
  }
  const { page, membersOnly } = loaderData;
  return (
    <>
      <PageScreen page={page} languages={<LanguageSwitcher versions={loaderData.versions} />} />
      {membersOnly ? (
        <Container size="md" pb={48}>
          <MembersOnly
            levels={membersOnly.levels}
            teaser={page.description}
            signedIn={membersOnly.signedIn}
            returnTo={`/${page.slug}`}
          >
            <ProductCards products={membersOnly.offers} />
          </MembersOnly>
        </Container>
      ) : null}
    </>
  );
}
