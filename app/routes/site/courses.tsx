import { siteAccount } from "~/features/accounts/accounts.server";
import { listCourses } from "~/features/courses/courses.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { CoursesScreen } from "~/features/courses/courses";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/courses";

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "site.courses.title"),
    courses: await listCourses(database, { accountId: account.accountId }),
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
  return <CoursesScreen courses={loaderData.courses} currency={loaderData.currency} />;
}
