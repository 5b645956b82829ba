import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getCourse } from "~/features/courses/courses.server";
import { lmsEnabled } from "~/features/courses/courses.server";
import { enrolActionFor } from "~/features/learning/learning.server";
import { viewerContext } from "~/features/members/members";
import { openCourseThroughMembership } from "~/features/memberships/memberships.server";
import { ProductBuy } from "~/features/products/products";
import { courseOffer } from "~/features/products/products.server";
import { servicesContext } from "~/platform/request-context";
import {
  breadcrumbLd,
  courseLd,
  jsonLd,
  seo,
  socialCardPath,
  type LdOffer,
} from "~/features/site/site";
import { CourseScreen } from "~/features/courses/courses";
import { EnrolAction, lessonPath } from "~/features/learning/learning";
import { EnrolActionIsland } from "~/features/learning/learning.islands";
import { breadcrumbTrail, sitePageData } from "~/features/site/site.server";
import { minorToDecimal } from "~/features/cart/cart";
import { islandsHandle } from "~/platform/islands/island-document";
import type { Route } from "./+types/course";

// HTML plus its islands (decision 048): a free course's Enrol button and a paid one's add to cart.
export const handle = islandsHandle;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const course = await getCourse(database, { accountId: account.accountId, slug: params.slug });
  if (!course) notFound();
  const viewer = context.get(viewerContext);
  const lms = await lmsEnabled(database, account);
  // Issue 16: a held membership level that opens the course enrols its holder on this visit.
  if (lms && viewer)
    await openCourseThroughMembership(database, {
      accountId: account.accountId,
      viewer,
      courseId: course.id,
    });
  // Learning (issue 15): the enrol / continue / preview call to action (EnrolAction), lms on.
  const enrolAction = lms
    ? await enrolActionFor(database, { accountId: account.accountId, viewer, courseId: course.id })
    : null;
  const currency = account.settings.currency ?? "USD";
  // Issue 16: a paid course is sold by its own product (the cheapest granting it alone) to
  // whoever is not learning or teaching it yet.
  const learning = enrolAction?.state === "continue" || enrolAction?.state === "teacher";
  const sold =
    course.price > 0
      ? await courseOffer(database, { accountId: account.accountId, courseId: course.id, currency })
      : null;
  const offer = learning ? null : sold;
  const pageData = sitePageData({ account, request, lang }, [
    "siteContent",
    "learningEnrol",
    "productOffer",
  ]);
  // What a search engine is told the course costs: its product's price as a visitor sees it
  // (the page of one already learning shows no offer), or free.
  const ldOffer: LdOffer | null = sold?.price
    ? {
        price: minorToDecimal(sold.price.amount, sold.price.currency),
        currency: sold.price.currency,
        url: new URL(`/product/${encodeURIComponent(sold.slug)}`, pageData.url).href,
      }
    : course.price === 0
      ? { price: "0", currency, url: pageData.url }
      : null;
  return {
    course,
    enrolAction,
    offer,
    currency,
    ldOffer,
    ...pageData,
    trail: breadcrumbTrail(pageData.site, lang, "courses"),
  };
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, siteName, url, site, trail, ldOffer } = loaderData;
  return [
    ...seo({
      title: course.title,
      siteName,
      description: course.description,
      url,
      image: course.featuredImage.image,
      card: socialCardPath("course", params.slug),
    }),
    ...jsonLd(
      courseLd({ ...course, url, image: course.featuredImage.image, offer: ldOffer, site }),
      breadcrumbLd([...trail, { name: course.title, url }]),
    ),
  ];
}

/**
 * A course: picture, description, price and curriculum; its call to action and lesson links are
 * learning's (an enrolled student or a teacher opens every lesson, anyone else the previews).
 */
export default function Course({ loaderData }: Route.ComponentProps) {
  const { course, currency, enrolAction, offer } = loaderData;
  const opensAll = enrolAction?.state === "continue" || enrolAction?.state === "teacher";
  // A paid course is bought through its product (issue 16); none: its price and no button.
  const action = enrolAction && enrolAction.state !== "paid" ? enrolAction : null;
  // Only a free course's Enrol button acts in the browser; every other state is a link.
  const Action = action?.state === "enrol" ? EnrolActionIsland : EnrolAction;
  return (
    <CourseScreen
      course={course}
      currency={currency}
      action={action ? <Action action={action} currency={currency} /> : undefined}
      buy={offer?.price ? <ProductBuy product={offer} price={offer.price} /> : undefined}
      lessonHref={
        enrolAction
          ? (lesson) => (opensAll || lesson.freePreview ? lessonPath(course.slug, lesson.id) : null)
          : undefined
      }
    />
  );
}
