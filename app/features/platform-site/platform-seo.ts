import { seo } from "~/features/site/site";

/** What a platform page's loader says about it (see platformMeta in platform-site.server.ts). */
export type PlatformMeta = {
  title: string;
  description: string;
  url: string;
  /** The home page's title names Lyceum already: no " · Lyceum" after it. */
  standalone?: boolean;
};

/** The tags of a platform page (the platform is its own site, named Lyceum). */
export function platformSeo(meta: PlatformMeta) {
  return [
    ...seo({
      ...meta,
      siteName: meta.standalone ? meta.title : "Lyceum",
      image: "/media/platform/og.png",
    }),
    { property: "og:type", content: "website" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
