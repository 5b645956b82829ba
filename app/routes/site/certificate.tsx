import { siteAccount } from "~/features/accounts/accounts.server";
import { CertificateVerificationPage } from "~/features/certificates/certificates";
import { verifyCertificate } from "~/features/certificates/certificates.server";
import { viewerContext } from "~/features/members/members";
import { seo } from "~/features/site/site";
import { sitePageData } from "~/features/site/site.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/certificate";

// HTML plus its islands (decision 048): nothing on it acts in the browser.
export const handle = islandsHandle;

/**
 * M1 `/certificates/:code`: anyone, signed in or not, checks a certificate. Never stored by the
 * page cache (the path is not one it keeps) nor by a shared cache (private): the owner's view
 * has the PDF link. Not for search engines (noindex, in the page and the header).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang, database } = context.get(servicesContext);
  const verification = await verifyCertificate(database, {
    account,
    code: params.code,
    viewer: context.get(viewerContext),
  });
  return {
    title: textIn(lang, "certificates.verify.title"),
    verification,
    lang,
    ...sitePageData({ account, request, lang }, ["certificatePage"]),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

export default function Certificate({ loaderData }: Route.ComponentProps) {
  return (
    <CertificateVerificationPage verification={loaderData.verification} lang={loaderData.lang} />
  );
}
