import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import {
  chooseContentLanguage,
  hreflangLinks,
  languageVersions,
  LanguageSwitcher,
} from "~/features/content/content";
import { ResponsiveImage } from "~/features/media/media";
import { libraryImage } from "~/features/media/media.server";
import { getPost } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { PostScreen } from "~/features/posts/posts";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/blog-post";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const address = new URL(request.url);
  const acceptLanguage = request.headers.get("accept-language");
  const post = await getPost(database, {
    accountId: account.accountId,
    slug: params.slug,
    choose: (translations) => {
      const chosen = chooseContentLanguage({
        url: address,
        acceptLanguage,
        original: lang,
        translations,
      });
      return chosen === lang ? null : chosen;
    },
  });
  if (!post) notFound();
  const page = sitePageData({ account, request, lang }, ["siteContent"], ["lang"]);
  const versions = languageVersions({
    pageUrl: page.url,
    original: lang,
    translations: post.translations,
    current: post.language ?? lang,
  });
  // A translation's canonical address is its own `?lang=` address, whichever way it was reached.
  const url = versions.find((version) => version.current)?.href ?? page.url;
  const featuredImage = await libraryImage(database, {
    accountId: account.accountId,
    url: post.featured,
  });
  return { post, versions, featuredImage, ...page, url };
}

export function headers() {
  // The same address answers in the visitor's language when the post has that translation.
  return { Vary: "Accept-Language" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, siteName, url, versions } = loaderData;
  return [
    ...seo({ title: post.title, siteName, description: post.excerpt, url, image: post.featured }),
    ...hreflangLinks(versions),
  ];
}

/** One blog post, in the visitor's language when it has that translation. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const image = loaderData.featuredImage;
  return (
    <PostScreen
      post={loaderData.post}
      languages={<LanguageSwitcher versions={loaderData.versions} />}
      featured={image ? <ResponsiveImage image={image} priority /> : undefined}
    />
  );
}
