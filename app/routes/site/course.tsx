import { siteNameOf } from "~/features/accounts/accounts";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { servicesContext } from "~/platform/request-context";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import { CourseScreen } from "~/features/courses/courses";
import type { Route } from "./+types/course";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const course = await getCourse(database, { accountId: account.accountId, slug: params.slug });
  if (!course) notFound();
  return {
    course,
    currency: account.settings.currency ?? "USD",
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "siteContent"),
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
