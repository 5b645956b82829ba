import { data } from "react-router";
import {
  contentAccount,
  isPlatformAccount,
  notFound,
  siteAccount,
} from "~/features/accounts/accounts.server";
import {
  hreflangLinks,
  LanguageSwitcher,
  negotiateContentLanguage,
} from "~/features/content/content";
import { ResponsiveImage } from "~/features/media/media";
import { libraryImage } from "~/features/media/media.server";
import { commentAnswerOf, PostComments } from "~/features/comments/comments";
import { PostCommentsIsland } from "~/features/comments/comments.islands";
import { addComment, commentLimiter, loadPostComments } from "~/features/comments/comments.server";
import { viewerContext } from "~/features/members/members";
import { MembersOnly } from "~/features/memberships/memberships";
import { contentGate } from "~/features/memberships/memberships.server";
import { ProductCards } from "~/features/products/products";
import { productsForLevels } from "~/features/products/products.server";
import { getPost } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { blogPostingLd, breadcrumbLd, jsonLd, seo, socialCardPath } from "~/features/site/site";
import { feedDiscoveryLinks, PostScreen } from "~/features/posts/posts";
import { breadcrumbTrail, siteCacheContext, sitePageData } from "~/features/site/site.server";
import { isAppError } from "~/platform/errors";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/blog-post";

// HTML plus its islands (decision 048): the comments are an island for a member who may write one; a visitor reads HTML.
export const handle = islandsHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const { database, lang } = context.get(servicesContext);
  const languages = negotiateContentLanguage(request, lang);
  const post = await getPost(database, {
    accountId: account.accountId,
    slug: params.slug,
    choose: languages.choose,
  });
  if (!post) notFound();
  // The platform's posts (decision 029) have no membership rules and no thread: nobody is a
  // member of the platform account.
  if (isPlatformAccount(account.accountId)) {
    const page = sitePageData(
      { account, request, lang },
      ["siteContent", "contentLanguages"],
      ["lang"],
    );
    const { versions, url, contentLanguage } = languages.versionsOf(post, page.url);
    const featuredImage = await libraryImage(database, {
      accountId: account.accountId,
      url: post.featured,
    });
    return {
      post,
      versions,
      featuredImage,
      comments: null,
      membersOnly: null,
      ...page,
      url,
      contentLanguage,
      trail: breadcrumbTrail(page.site, lang, "blog"),
    };
  }
  const viewer = context.get(viewerContext);
  const page = sitePageData(
    { account, request, lang },
    ["siteContent", "contentLanguages", "postComments", "membersOnly", "productOffer"],
    ["lang"],
  );
  // Issue 16: a post a membership rule covers is its teaser and a call to action for everyone
  // else; its body (and its thread) never leave the server for them. Visitors all see the same
  // teaser, so the page stays cacheable.
  const gate = await contentGate(database, {
    accountId: account.accountId,
    viewer,
    resource: { type: "post", id: post.id, tags: post.tags.map((tag) => tag.name) },
  });
  const { versions, url, contentLanguage } = languages.versionsOf(post, page.url);
  const featuredImage = await libraryImage(database, {
    accountId: account.accountId,
    url: post.featured,
  });
  if (!gate.open) {
    const offers = await productsForLevels(database, {
      accountId: account.accountId,
      membershipIds: gate.levels.map((level) => level.id),
      currency: account.settings.currency ?? "USD",
    });
    const closed = { ...post, html: "" };
    const membersOnly = { levels: gate.levels, offers, signedIn: Boolean(viewer) };
    return {
      post: closed,
      versions,
      featuredImage,
      comments: null,
      membersOnly,
      ...page,
      url,
      contentLanguage,
      trail: breadcrumbTrail(page.site, lang, "blog"),
    };
  }
  // An anonymous visitor's thread is everyone's (approved comments only): the page stays cacheable.
  // A translation shares its original's thread.
  const comments = await loadPostComments(database, {
    accountId: account.accountId,
    postId: post.id,
    viewer,
  });
  return {
    post,
    versions,
    featuredImage,
    comments,
    membersOnly: null,
    ...page,
    url,
    contentLanguage,
    trail: breadcrumbTrail(page.site, lang, "blog"),
  };
}

export function headers() {
  // The same address answers in the visitor's language when the post has that translation.
  return { Vary: "Accept-Language" };
}

/** A member's comment (or reply) on this post; answered as data beside the form. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const account = siteAccount(context);
  const { database, rateLimits } = context.get(servicesContext);
  try {
    const form = await request.formData().catch(() => null);
    const answer = await addComment(database, {
      accountId: account.accountId,
      viewer: context.get(viewerContext),
      slug: params.slug,
      input: form ? Object.fromEntries(form) : null,
      caches: context.get(siteCacheContext),
      limiter: commentLimiter(rateLimits),
    });
    return data(answer, { status: answer.ok ? 200 : 400 });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ ok: false as const, code: error.code, issues: [] }, { status: error.status });
  }
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, siteName, url, versions, site, trail } = loaderData;
  return [
    ...seo({
      title: post.title,
      siteName,
      description: post.excerpt,
      url,
      image: post.featured,
      card: socialCardPath("post", params.slug),
    }),
    ...hreflangLinks(versions),
    ...feedDiscoveryLinks({ url, title: siteName }),
    ...jsonLd(
      blogPostingLd({ ...post, url, image: post.featured, site }),
      breadcrumbLd([...trail, { name: post.title, url }]),
    ),
  ];
}

/** One blog post, in the visitor's language when it has that translation, and its comments. */
export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, comments, versions, featuredImage: image, membersOnly } = loaderData;
  // A member's thread acts in the browser; a visitor's is the same HTML for everyone (cached).
  const Thread = comments?.canComment ? PostCommentsIsland : PostComments;
  return (
    <PostScreen
      post={post}
      languages={<LanguageSwitcher versions={versions} />}
      featured={image ? <ResponsiveImage image={image} priority /> : undefined}
    >
      {membersOnly ? (
        <MembersOnly
          levels={membersOnly.levels}
          teaser={post.excerpt}
          signedIn={membersOnly.signedIn}
          returnTo={`/blog/${post.slug}`}
        >
          <ProductCards products={membersOnly.offers} />
        </MembersOnly>
      ) : comments ? (
        <Thread
          comments={comments.comments}
          count={comments.count}
          canComment={comments.canComment}
          path={`/blog/${post.slug}`}
          // Also read back by the island after it sends a comment (comment-send.ts).
          answer={actionData ? commentAnswerOf(actionData) : null}
        />
      ) : null}
    </PostScreen>
  );
}
