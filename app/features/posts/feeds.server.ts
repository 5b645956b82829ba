import { Feed } from "feed";
import { siteNameOf, type AccountSummary } from "~/features/accounts/accounts";
import type { Database } from "~/platform/db/database.server";
import { readThrough, type Remember } from "~/platform/cache/account-memo";
import { escapeHtml } from "~/platform/mail/templates.server";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { termSlug } from "~/platform/slugs";
import {
  feedPagePath,
  feedPath,
  type FeedFormat,
  type FeedScope,
  type TermKind,
} from "./feed-links";
import { publishedPostsForFeed } from "./queries.server";
import { termsByKind } from "./posts.server";

/** Posts a feed carries: what readers such as Feedly or NetNewsWire poll for (Ghost sends 15). */
export const FEED_ITEMS = 20;

/** Of the posts given, those a visitor may not read (memberships' rules): they go as excerpts. */
export type ClosedPosts = (posts: { id: string; tags: string[] }[]) => Promise<Set<string>>;

/**
 * Root-relative addresses in a post's HTML (its pictures under /files, links to the site) made
 * absolute: a feed is read away from the site, where "/files/…" means nothing.
 */
function absoluteAddresses(html: string, origin: string): string {
  return html.replace(/\b(src|href|poster)="\/(?!\/)/g, `$1="${origin}/`);
}

/**
 * The blog's (or a category's or tag's) newest posts as RSS 2.0 or Atom 1.0: the whole body of
 * an open post, the excerpt of one a membership closes (as its page shows a visitor); null for a
 * category or tag no published post carries.
 */
export async function renderBlogFeed(
  database: Database,
  {
    account,
    origin,
    scope,
    format,
    closedPosts,
    remember = readThrough,
  }: {
    account: AccountSummary;
    origin: string;
    scope: FeedScope;
    format: FeedFormat;
    closedPosts: ClosedPosts;
    remember?: Remember;
  },
): Promise<string | null> {
  const { accountId } = account;
  let termName: string | null = null;
  let term: { kind: TermKind; names: string[] } | undefined;
  if (scope.kind !== "blog") {
    const terms = await termsByKind(database, { accountId, kind: scope.kind, remember });
    const slug = scope.slug.normalize("NFC");
    if (!Object.hasOwn(terms, slug)) return null;
    term = { kind: scope.kind, names: terms[slug]! };
    termName = term.names[0]!;
  }
  const rows = await database.forAccount(accountId, (tx) =>
    publishedPostsForFeed(tx, { accountId, term, limit: FEED_ITEMS }),
  );
  const closed = await closedPosts(rows.map(({ id, tags }) => ({ id, tags })));
  const siteName = siteNameOf(account);
  const page = feedPagePath(scope);
  const newest = rows.reduce<Date | null>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    null,
  );
  const feed = new Feed({
    id: `${origin}${page}`,
    link: `${origin}${page}`,
    title: termName ? `${termName} · ${siteName}` : siteName,
    description: account.settings.description ?? siteName,
    language: account.settings.defaultLanguage ?? "en",
    // A feed with no post yet still says when: the epoch, the same at every request.
    updated: newest ?? new Date(0),
    generator: "Lyceum",
    feedLinks: {
      rss: `${origin}${feedPath(scope, "rss")}`,
      atom: `${origin}${feedPath(scope, "atom")}`,
    },
    ...(safeUrl(account.settings.icon)
      ? { favicon: absolute(account.settings.icon!, origin) }
      : {}),
    ...(safeUrl(account.settings.logo) ? { image: absolute(account.settings.logo!, origin) } : {}),
    copyright: `© ${siteName}`,
    // Atom wants an author for every entry: the site stands for those that name none.
    author: { name: siteName, link: origin },
  });
  for (const row of rows) {
    const link = `${origin}/blog/${encodeURIComponent(row.slug)}`;
    const featured = safeUrl(row.settings.featured);
    feed.addItem({
      title: row.title,
      id: link,
      link,
      date: row.updatedAt,
      published: row.publishedAt ?? row.updatedAt,
      description: row.excerpt || undefined,
      // The cover leads the body, as on the post's page (an enclosure is for podcasts' files).
      content: closed.has(row.id)
        ? undefined
        : absoluteAddresses(
            (featured ? `<p><img src="${escapeHtml(featured)}" alt=""></p>` : "") +
              sanitizeContentHtml(row.content),
            origin,
          ),
      ...(row.authorName ? { author: [{ name: row.authorName }] } : {}),
      category: row.categories.map((name) => ({
        name,
        domain: `${origin}/blog/category/${encodeURIComponent(termSlug(name))}`,
      })),
    });
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}

function absolute(url: string, origin: string): string {
  return new URL(url, origin).href;
}
