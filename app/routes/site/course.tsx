import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { CourseScreen } from "~/features/courses/courses";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/course";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const course = await getCourse(database, { accountId: account.accountId, slug: params.slug });
  if (!course) notFound();
  return {
    course,
    currency: account.settings.currency ?? "USD",
    ...sitePageData({ account, request, lang }, ["siteContent"]),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, siteName, url } = loaderData;
  return seo({
    title: course.title,
    siteName,
    description: course.description,
    url,
    image: course.featuredImage.image,
  });
}

/** A course: picture, description, price and curriculum outline. */
export default function Course({ loaderData }: Route.ComponentProps) {
  return <CourseScreen course={loaderData.course} currency={loaderData.currency} />;
}
