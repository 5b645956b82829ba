/** Posts are grouped by category and by tag, each with its archive and feeds. */
export type TermKind = "category" | "tag";

/** What a feed follows: the whole blog, or one category's or tag's posts. */
export type FeedScope = { kind: "blog" } | { kind: TermKind; slug: string };
export type FeedFormat = "rss" | "atom";

const fileOf: Record<FeedFormat, string> = { rss: "rss.xml", atom: "atom.xml" };
export const feedTypes: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
};

/** The page a feed follows: `/blog`, `/blog/category/{slug}`, `/blog/tag/{slug}`. */
export function feedPagePath(scope: FeedScope): string {
  return scope.kind === "blog" ? "/blog" : `/blog/${scope.kind}/${encodeURIComponent(scope.slug)}`;
}

/** `/blog/rss.xml`, `/blog/category/{slug}/atom.xml`, … */
export function feedPath(scope: FeedScope, format: FeedFormat): string {
  return `${feedPagePath(scope)}/${fileOf[format]}`;
}

/**
 * The `<link rel="alternate">` tags by which readers find a page's feeds (RSS Advisory Board's
 * autodiscovery): the blog's on every blog page, and an archive's own before it.
 */
export function feedDiscoveryLinks({
  url,
  title,
  archive,
}: {
  /** The page's address: the feeds are on its origin. */
  url: string;
  /** The blog's feeds' title (the site's name). */
  title: string;
  archive?: { kind: TermKind; slug: string; name: string };
}) {
  const origin = new URL(url).origin;
  const scopes: { scope: FeedScope; title: string }[] = [
    ...(archive ? [{ scope: archive, title: `${archive.name} · ${title}` }] : []),
    { scope: { kind: "blog" }, title },
  ];
  return scopes.flatMap(({ scope, title: feedTitle }) =>
    (["rss", "atom"] as const).map((format) => ({
      tagName: "link",
      rel: "alternate",
      type: feedTypes[format],
      title: feedTitle,
      href: `${origin}${feedPath(scope, format)}`,
    })),
  );
}
