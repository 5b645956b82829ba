import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { listCategories, listCourses } from "~/features/courses/courses.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { CoursesScreen } from "~/features/courses/courses";
import { sitePageData } from "~/features/site/site.server";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/courses";

// HTML plus its islands (decision 048): the catalogue and its category filter are links.
export const handle = islandsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  // ?category=slug (a key of the page cache too: features/site/cacheable-pages.ts).
  const asked = new URL(request.url).searchParams.get("category");
  const categories = await listCategories(database, { accountId: account.accountId });
  const category = categories.find((item) => item.slug === asked)?.slug ?? null;
  // An unknown category is no page (and so never a copy in the page cache).
  if (asked !== null && category === null) notFound();
  return {
    title: textIn(lang, "site.courses.title"),
    courses: await listCourses(database, { accountId: account.accountId, category }),
    categories: categories.map(({ name, slug }) => ({ name, slug })),
    category,
    currency: account.settings.currency ?? "USD",
    ...sitePageData({ account, request, lang }, ["siteContent"]),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo({ title: loaderData.title, siteName: loaderData.siteName, url: loaderData.url });
}

/** The course catalogue. */
export default function Courses({ loaderData }: Route.ComponentProps) {
  return (
    <CoursesScreen
      courses={loaderData.courses}
      currency={loaderData.currency}
      categories={loaderData.categories}
      category={loaderData.category}
    />
  );
}
