import { docsAccount, notFound } from "~/features/accounts/accounts.server";
import { DocScreen } from "~/features/pages/pages";
import { getPage, listDocs } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/doc";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = docsAccount(context);
  const { database, lang } = context.get(servicesContext);
  const accountId = account.accountId;
  const doc = await getPage(database, { accountId, slug: params.slug, kind: "doc", lang });
  if (!doc) notFound();
  return {
    doc,
    docs: await listDocs(database, { accountId }),
    ...sitePageData({ account, request, lang }, ["docsPages"]),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc, siteName, url } = loaderData;
  return seo({ title: doc.title, siteName, description: doc.description, url });
}

/** `/docs/{slug}`: one doc, with the sidebar and the previous and next docs. */
export default function Doc({ loaderData }: Route.ComponentProps) {
  return <DocScreen doc={loaderData.doc} docs={loaderData.docs} />;
}
