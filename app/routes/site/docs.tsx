import { contentAccount } from "~/features/accounts/accounts.server";
import { DocsScreen } from "~/features/pages/pages";
import { listDocs } from "~/features/pages/pages.server";
import { negotiateContentLanguage } from "~/features/content/content";
import { languageCodes } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/docs";

// HTML plus its islands (decision 048): the contents are links.
export const handle = islandsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const { database, lang } = context.get(servicesContext);
  // Each doc is named in the visitor's language where it has that translation, as the doc is.
  const language = negotiateContentLanguage(request, lang).choose([...languageCodes]);
  return {
    docs: await listDocs(database, { accountId: account.accountId, language }),
    title: textIn(lang, "sitePages.docs.title"),
    ...sitePageData({ account, request, lang }, ["docsPages"]),
  };
}

export function headers() {
  return { Vary: "Accept-Language" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, siteName, url } = loaderData;
  return seo({ title, siteName, url, description: `${title} · ${siteName}` });
}

/** `/docs`: the account's documentation index, every published doc with its summary. */
export default function Docs({ loaderData }: Route.ComponentProps) {
  return <DocsScreen docs={loaderData.docs} siteName={loaderData.siteName} />;
}
