import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { lmsEnabled } from "~/features/courses/courses.server";
import { enrolActionFor } from "~/features/learning/learning.server";
import { viewerContext } from "~/features/members/members";
import { servicesContext } from "~/platform/request-context";
import { seo } from "~/features/site/site";
import { CourseScreen } from "~/features/courses/courses";
import { EnrolAction, lessonPath } from "~/features/learning/learning";
import { sitePageData } from "~/features/site/site.server";
import type { Route } from "./+types/course";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const course = await getCourse(database, { accountId: account.accountId, slug: params.slug });
  if (!course) notFound();
  // Learning (issue 15): the enrol / continue / preview call to action (EnrolAction), lms on.
  const enrolAction = (await lmsEnabled(database, account))
    ? await enrolActionFor(database, {
        accountId: account.accountId,
        viewer: context.get(viewerContext),
        courseId: course.id,
      })
    : null;
  return {
    course,
    enrolAction,
    currency: account.settings.currency ?? "USD",
    ...sitePageData({ account, request, lang }, ["siteContent", "learningEnrol"]),
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

/**
 * A course: picture, description, price and curriculum; its call to action and lesson links are
 * learning's (an enrolled student or a teacher opens every lesson, anyone else the previews).
 */
export default function Course({ loaderData }: Route.ComponentProps) {
  const { course, currency, enrolAction } = loaderData;
  const opensAll = enrolAction?.state === "continue" || enrolAction?.state === "teacher";
  // A paid course keeps the cart's button until commerce sells it (issue 16).
  const action = enrolAction && enrolAction.state !== "paid" ? enrolAction : null;
  return (
    <CourseScreen
      course={course}
      currency={currency}
      action={action ? <EnrolAction action={action} currency={currency} /> : undefined}
      lessonHref={
        enrolAction
          ? (lesson) => (opensAll || lesson.freePreview ? lessonPath(course.slug, lesson.id) : null)
          : undefined
      }
    />
  );
}
