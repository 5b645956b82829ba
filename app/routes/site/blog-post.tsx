import { notFound, siteAccount } from "~/features/accounts/accounts.server";
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
  const post = await getPost(database, { accountId: account.accountId, slug: params.slug });
  if (!post) notFound();
  return {
    post,
    featuredImage: await libraryImage(database, {
      accountId: account.accountId,
      url: post.featured,
    }),
    ...sitePageData({ account, request, lang }, ["siteContent"]),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, siteName, url } = loaderData;
  return seo({ title: post.title, siteName, description: post.excerpt, url, image: post.featured });
}

/** One blog post; its HTML was sanitised on the server. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const image = loaderData.featuredImage;
  return (
    <PostScreen
      post={loaderData.post}
      featured={image ? <ResponsiveImage image={image} priority /> : undefined}
    />
  );
}
