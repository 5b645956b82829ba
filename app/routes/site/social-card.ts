import { contentAccount, notFound } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { getPage } from "~/features/pages/pages.server";
import { getPost } from "~/features/posts/posts.server";
import { getProductPage } from "~/features/products/products.server";
import { themeColourOf } from "~/features/site-app/site-app";
import { socialCardKinds, type SocialCardKind } from "~/features/site/site";
import { loadSiteChrome, siteCacheContext, socialCardPng } from "~/features/site/site.server";
import { textDirection } from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/social-card";

/**
 * Issue 37: a page's social card (`/social/{post|course|product|page|doc}/{slug}.png`), a PNG social
 * sites accept where the page's own picture is missing or an SVG: its title on the site's
 * colour. Published pages only; anything else is not found.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const { database } = context.get(servicesContext);
  const kind = params.kind as SocialCardKind;
  const slug = params.file.endsWith(".png") ? params.file.slice(0, -4) : "";
  if (!socialCardKinds.includes(kind) || !slug) notFound();
  const { accountId } = account;
  const titles: Record<SocialCardKind, () => Promise<string | undefined>> = {
    post: async () => (await getPost(database, { accountId, slug }))?.title,
    course: async () => (await getCourse(database, { accountId, slug }))?.title,
    product: async () =>
      (
        await getProductPage(database, {
          accountId,
          slug,
          currency: account.settings.currency ?? "USD",
        })
      )?.title,
    page: async () => {
      const page = await getPage(database, { accountId, slug });
      return page ? page.seo.title || page.title : undefined;
    },
    doc: async () => (await getPage(database, { accountId, slug, kind: "doc" }))?.title,
  };
  const title = await titles[kind]();
  if (!title) notFound();
  const chrome = await loadSiteChrome(database, accountId, context.get(siteCacheContext)?.options);
  const language = account.settings.defaultLanguage ?? "en";
  const png = await socialCardPng(`${accountId}\n${kind}\n${slug}`, {
    title,
    siteName: account.settings.sitetitle ?? account.slug,
    colour: themeColourOf(chrome.theme.primaryColor),
    dir: textDirection(language),
  });
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.length),
      // A crawler fetches it once per share; a new title is drawn within the hour.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
