/** Social cards are drawn at Open Graph's recommended size (features/site/social-card.server.ts). */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/** The kinds of page that get a drawn social card, and their address segment. */
export const socialCardKinds = ["post", "course", "product", "page", "doc"] as const;
export type SocialCardKind = (typeof socialCardKinds)[number];

/** A page's drawn social card: a PNG of its title on the site's colours. */
export const socialCardPath = (kind: SocialCardKind, slug: string) =>
  `/social/${kind}/${encodeURIComponent(slug)}.png`;

/** Social sites take PNG, JPEG, WebP and GIF for og:image; an SVG is refused. */
const rasterImage = /\.(png|jpe?g|webp|gif)(\?|#|$)/i;

/** <title>, description, canonical and Open Graph tags for a public page. */
export function seo({
  title,
  siteName,
  description,
  url,
  image,
  card,
}: {
  title: string;
  siteName: string;
  description?: string;
  url: string;
  image?: string | null;
  /** The page's drawn card (socialCardPath), shown where `image` is missing or not a raster. */
  card?: string;
}) {
  const fullTitle = title === siteName ? title : `${title} · ${siteName}`;
  const origin = new URL(url).origin;
  const absolute = (path: string) => (path.startsWith("http") ? path : `${origin}${path}`);
  const shown = image && rasterImage.test(image) ? image : (card ?? image);
  return [
    { title: fullTitle },
    ...(description ? [{ name: "description", content: description }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
    { property: "og:url", content: url },
    ...(description ? [{ property: "og:description", content: description }] : []),
    ...(shown ? [{ property: "og:image", content: absolute(shown) }] : []),
    ...(shown && shown === card
      ? [
          { property: "og:image:width", content: String(SOCIAL_CARD_SIZE.width) },
          { property: "og:image:height", content: String(SOCIAL_CARD_SIZE.height) },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : []),
  ];
}

/**
 * The page's canonical address: without React Router's data suffix (client navigations load
 * `/path.data`) and without query parameters except those named.
 */
export function canonicalUrl(request: Request, keep: string[] = []): string {
  const url = new URL(request.url);
  const canonical = new URL(url.pathname.replace(/\.data$/, "") || "/", url.origin);
  if (canonical.pathname === "/_root") canonical.pathname = "/";
  for (const name of keep) {
    const value = url.searchParams.get(name);
    if (value) canonical.searchParams.set(name, value);
  }
  return canonical.toString();
}
