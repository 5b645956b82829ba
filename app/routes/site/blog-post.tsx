import { data } from "react-router";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import {
  hreflangLinks,
  LanguageSwitcher,
  negotiateContentLanguage,
} from "~/features/content/content";
import { ResponsiveImage } from "~/features/media/media";
import { libraryImage } from "~/features/media/media.server";
import { PostComments } from "~/features/comments/comments";
import { addComment, loadPostComments } from "~/features/comments/comments.server";
import { viewerContext } from "~/features/members/members";
import { getPost } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { PostScreen } from "~/features/posts/posts";
import { siteCacheContext, sitePageData } from "~/features/site/site.server";
import { isAppError } from "~/platform/errors";
import type { Route } from "./+types/blog-post";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const languages = negotiateContentLanguage(request, lang);
  const post = await getPost(database, {
    accountId: account.accountId,
    slug: params.slug,
    choose: languages.choose,
  });
  if (!post) notFound();
  const page = sitePageData(
    { account, request, lang },
    ["siteContent", "contentLanguages", "postComments"],
    ["lang"],
  );
  const { versions, url } = languages.versionsOf(post, page.url);
  const featuredImage = await libraryImage(database, {
    accountId: account.accountId,
    url: post.featured,
  });
  // An anonymous visitor's thread is everyone's (approved comments only): the page stays cacheable.
  // A translation shares its original's thread.
  const comments = await loadPostComments(database, {
    accountId: account.accountId,
    postId: post.id,
    viewer: context.get(viewerContext),
  });
  return { post, versions, featuredImage, comments, ...page, url };
}

export function headers() {
  // The same address answers in the visitor's language when the post has that translation.
  return { Vary: "Accept-Language" };
}

/** A member's comment (or reply) on this post; answered as data beside the form. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const account = siteAccount(context);
  const { database } = context.get(servicesContext);
  try {
    const form = await request.formData().catch(() => null);
    const answer = await addComment(database, {
      accountId: account.accountId,
      viewer: context.get(viewerContext),
      slug: params.slug,
      input: form ? Object.fromEntries(form) : null,
      caches: context.get(siteCacheContext),
    });
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, code: error.code, issues: [] }, { status: error.status });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, siteName, url, versions } = loaderData;
  return [
    ...seo({ title: post.title, siteName, description: post.excerpt, url, image: post.featured }),
    ...hreflangLinks(versions),
  ];
}

/** One blog post, in the visitor's language when it has that translation, and its comments. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, comments, versions, featuredImage: image } = loaderData;
  return (
    <PostScreen
      post={post}
      languages={<LanguageSwitcher versions={versions} />}
      featured={image ? <ResponsiveImage image={image} priority /> : undefined}
    >
      <PostComments {...comments} path={`/blog/${post.slug}`} />
    </PostScreen>
  );
}
