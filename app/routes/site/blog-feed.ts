import { contentAccount, notFound } from "~/features/accounts/accounts.server";
import { restrictedResources } from "~/features/memberships/memberships.server";
import { feedTypes, type FeedScope } from "~/features/posts/posts";
import { renderBlogFeed } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/blog-feed";

/**
 * The blog's feeds, RSS 2.0 and Atom (`/blog/rss.xml`, `/blog/atom.xml`) and each category's
 * and tag's (`/blog/category/{slug}/rss.xml`, …): resource routes outside the HTML layout.
 * A post a membership closes goes as its excerpt, as its page shows a visitor.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = contentAccount(context);
  const { database } = context.get(servicesContext);
  const url = new URL(request.url);
  const format = url.pathname.endsWith("/atom.xml") ? "atom" : "rss";
  const kind = url.pathname.split("/")[2];
  const scope: FeedScope =
    (kind === "category" || kind === "tag") && params.slug
      ? { kind, slug: params.slug }
      : { kind: "blog" };
  const xml = await renderBlogFeed(database, {
    account,
    origin: url.origin,
    scope,
    format,
    closedPosts: (posts) =>
      database.forAccount(account.accountId, (tx) =>
        restrictedResources(tx, {
          accountId: account.accountId,
          userId: null,
          resources: posts.map((post) => ({ type: "post" as const, ...post })),
        }),
      ),
  });
  if (xml === null) notFound();
  return new Response(xml, {
    headers: {
      "Content-Type": `${feedTypes[format]}; charset=utf-8`,
      // Readers poll: ten minutes in any cache between, as a page's own lifetime.
      "Cache-Control": "public, max-age=600",
    },
  });
}
