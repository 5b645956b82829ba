import { contentAccount, notFound } from "~/features/accounts/accounts.server";
import { DocScreen } from "~/features/pages/pages";
import { getPage, listDocs } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { seo, socialCardPath } from "~/features/site/site";
import {
  hreflangLinks,
  LanguageSwitcher,
  negotiateContentLanguage,
} from "~/features/content/content";
import { sitePageData } from "~/features/site/site.server";
import { viewerContext } from "~/features/members/members";
import { MembersOnly } from "~/features/memberships/memberships";
import { contentGate } from "~/features/memberships/memberships.server";
import { ProductCards } from "~/features/products/products";
import { productsForLevels } from "~/features/products/products.server";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/doc";

// HTML plus its islands (decision 048): the sidebar, the language switcher and previous/next are links.
export const handle = islandsHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const { database, lang } = context.get(servicesContext);
  const accountId = account.accountId;
  const languages = negotiateContentLanguage(request, lang);
  const doc = await getPage(database, {
    accountId,
    slug: params.slug,
    kind: "doc",
    lang,
    choose: languages.choose,
  });
  if (!doc) notFound();
  const viewer = context.get(viewerContext);
  // Issue 16: a doc a membership rule covers shows its description and a call to action.
  const gate = await contentGate(database, {
    accountId,
    viewer,
    resource: { type: "doc", id: doc.id },
  });
  const membersOnly = gate.open
    ? null
    : {
        levels: gate.levels,
        signedIn: Boolean(viewer),
        offers: await productsForLevels(database, {
          accountId,
          membershipIds: gate.levels.map((level) => level.id),
          currency: account.settings.currency ?? "USD",
        }),
      };
  const page = sitePageData({ account, request, lang }, [
    "docsPages",
    "contentLanguages",
    ...(membersOnly ? (["membersOnly", "productOffer"] as const) : []),
  ]);
  const { versions, url, contentLanguage } = languages.versionsOf(doc, page.url);
  return {
    doc: membersOnly ? { ...doc, html: "", blocksCarryTitle: false } : doc,
    membersOnly,
    versions,
    // The sidebar names each doc in the language read, where it has that translation.
    docs: await listDocs(database, { accountId, language: doc.language }),
    ...page,
    url,
    contentLanguage,
  };
}

export function headers() {
  return { Vary: "Accept-Language" };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc, siteName, url, versions } = loaderData;
  return [
    ...seo({
      title: doc.title,
      siteName,
      description: doc.description,
      url,
      card: socialCardPath("doc", params.slug),
    }),
    ...hreflangLinks(versions),
  ];
}

/** `/docs/{slug}`: one doc, with the sidebar and the previous and next docs. */
export default function Doc({ loaderData }: Route.ComponentProps) {
  const { doc, docs, versions, membersOnly } = loaderData;
  return (
    <DocScreen doc={doc} docs={docs} languages={<LanguageSwitcher versions={versions} />}>
      {membersOnly ? (
        <MembersOnly
          levels={membersOnly.levels}
          teaser={doc.description}
          signedIn={membersOnly.signedIn}
          returnTo={`/docs/${doc.slug}`}
        >
          <ProductCards products={membersOnly.offers} />
        </MembersOnly>
      ) : null}
    </DocScreen>
  );
}
