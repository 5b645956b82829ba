/** <title>, description, canonical and Open Graph tags for a public page. */
export function seo({
  title,
  siteName,
  description,
  url,
  image,
}: {
  title: string;
  siteName: string;
  description?: string;
  url: string;
  image?: string | null;
}) {
  const fullTitle = title === siteName ? title : `${title} · ${siteName}`;
  const origin = new URL(url).origin;
  return [
    { title: fullTitle },
    ...(description ? [{ name: "description", content: description }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:site_name", content: siteName },
    { property: "og:url", content: url },
    ...(description ? [{ property: "og:description", content: description }] : []),
    ...(image
      ? [{ property: "og:image", content: image.startsWith("http") ? image : `${origin}${image}` }]
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
