import { listCourses } from "~/features/courses/courses.server";
import { listPublishedPages } from "~/features/pages/pages.server";
import { listPostLinks } from "~/features/posts/posts.server";
import type { Database } from "~/platform/db/database.server";

export type SitemapEntry = { path: string; lastModified?: Date | null };

/**
 * Every public address of an account's site: home, blog and its published posts, the course
 * catalogue and its published courses, its pages and docs. Drafts never appear, and every read
 * is scoped to this one account.
 */
export async function siteSitemapEntries(
  database: Database,
  { accountId }: { accountId: string },
): Promise<SitemapEntry[]> {
  const [posts, courses, pages] = await Promise.all([
    listPostLinks(database, { accountId }),
    listCourses(database, { accountId }),
    listPublishedPages(database, { accountId }),
  ]);
  const docs = pages.filter((page) => page.kind === "doc");
  const latestPost = posts[0]?.publishedAt ?? null;
  return [
    { path: "/", lastModified: latestPost },
    { path: "/blog", lastModified: latestPost },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.publishedAt })),
    { path: "/course" },
    ...courses.map((course) => ({ path: `/course/${course.slug}` })),
    ...pages.filter((page) => page.kind === "page").map((page) => ({ path: `/${page.slug}` })),
    ...(docs.length > 0 ? [{ path: "/docs" }] : []),
    ...docs.map((doc) => ({ path: `/docs/${doc.slug}` })),
  ];
}

const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const xml = (value: string) => value.replace(/[&<>"']/g, (char) => xmlEntities[char]!);

/** A sitemaps.org urlset with absolute addresses on `origin`. */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${xml(new URL(encodeURI(path), origin).toString())}</loc>`;
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : "";
    return `  <url>${loc}${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join("\n")}
</urlset>
`;
}

/** robots.txt: everything may be crawled but the listed paths, and where the sitemap is. */
export function renderRobots(origin: string, disallow: string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallow.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
