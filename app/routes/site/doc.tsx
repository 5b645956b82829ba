import { docsAccount, notFound } from "~/features/accounts/accounts.server";
import { DocScreen } from "~/features/pages/pages";
import { getPage, listDocs } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import {
  hreflangLinks,
  LanguageSwitcher,
  negotiateContentLanguage,
} from "~/features/content/content";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/doc";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = docsAccount(context);
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
  const page = sitePageData({ account, request, lang }, ["docsPages", "contentLanguages"]);
  const { versions, url } = languages.versionsOf(doc, page.url);
  return {
    doc,
    versions,
    // The sidebar names each doc in the language read, where it has that translation.
    docs: await listDocs(database, { accountId, language: doc.language }),
    ...page,
    url,
  };
}

export function headers() {
  return { Vary: "Accept-Language" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc, siteName, url, versions } = loaderData;
  return [
    ...seo({ title: doc.title, siteName, description: doc.description, url }),
    ...hreflangLinks(versions),
  ];
}

/** `/docs/{slug}`: one doc, with the sidebar and the previous and next docs. */
export default function Doc({ loaderData }: Route.ComponentProps) {
  const { doc, docs, versions } = loaderData;
  return <DocScreen doc={doc} docs={docs} languages={<LanguageSwitcher versions={versions} />} />;
}
