import { redirect, useRevalidator } from "react-router";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { lmsEnabled } from "~/features/courses/courses.server";
import { CoursePlayer, EnrolAction } from "~/features/learning/learning";
import { QuizTaker } from "~/features/quizzes/quizzes";
import { CertificateEarned } from "~/features/certificates/certificates";
import { certificateOnCompletion } from "~/features/certificates/certificates.server";
import { useCallback } from "react";
import { enrolActionFor, loadPlayer } from "~/features/learning/learning.server";
import { viewerContext } from "~/features/members/members";
import { openCourseThroughMembership } from "~/features/memberships/memberships.server";
import { ProductBuy } from "~/features/products/products";
import { courseOffer } from "~/features/products/products.server";
import { sitePageData } from "~/features/site/site.server";
import { answerAppErrors } from "~/platform/http-errors";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/course-learn";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Scope 4: the course player. Enrolled students and the course's teachers open every open
 * lesson; visitors the free previews. A locked lesson's content never leaves the server.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  if (!(await lmsEnabled(database, account))) notFound();
  if (params.lessonId !== undefined && !uuid.test(params.lessonId)) notFound();
  const viewer = context.get(viewerContext);
  const accountId = account.accountId;
  return answerAppErrors(async () => {
    const load = () =>
      loadPlayer(database, { accountId, viewer, slug: params.slug, lessonId: params.lessonId });
    let player = await load();
    // Issue 16: a held membership level that opens the course enrols its holder on this visit.
    if (
      player.role === "visitor" &&
      (await openCourseThroughMembership(database, {
        accountId,
        viewer,
        courseId: player.course.id,
      }))
    )
      player = await load();
    // "Continue" opens the lesson at its own address, so a completion does not move the page.
    if (!params.lessonId && player.lesson)
      throw redirect(`/course/${player.course.slug}/learn/${player.lesson.id}`);
    const action =
      player.role === "visitor"
        ? await enrolActionFor(database, { accountId, viewer, courseId: player.course.id })
        : null;
    // A completed course's certificate, issued the first time its student sees the course done.
    const certificate =
      player.role === "student" && player.progressPercent === 100 && viewer
        ? await certificateOnCompletion(database, {
            account,
            viewer,
            courseId: player.course.id,
            origin: new URL(request.url).origin,
          })
        : null;
    const currency = account.settings.currency ?? "USD";
    // Issue 16: a visitor of a paid course buys it through its product, here as on its page.
    const offer =
      action?.state === "paid"
        ? await courseOffer(database, { accountId, courseId: player.course.id, currency })
        : null;
    return {
      player,
      action,
      offer,
      certificate,
      currency,
      ...sitePageData({ account, request, lang }, [
        "learningPlayer",
        "quizzesTaker",
        "memberCertificates",
        "productOffer",
      ]),
    };
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { player, siteName } = loaderData;
  const title = player.lesson
    ? `${player.lesson.title} · ${player.course.title}`
    : player.course.title;
  return [{ title: `${title} · ${siteName}` }, { name: "robots", content: "noindex" }];
}

export default function CourseLearn({ loaderData }: Route.ComponentProps) {
  const { player, action, offer, currency, certificate } = loaderData;
  const revalidator = useRevalidator();
  // A graded quiz may complete its lesson and the course: the curriculum and progress reload.
  const refresh = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return (
    <CoursePlayer
      data={player}
      enrol={
        offer?.price ? (
          <ProductBuy product={offer} price={offer.price} />
        ) : action ? (
          <EnrolAction action={action} currency={currency} compact />
        ) : undefined
      }
      certificate={certificate ? <CertificateEarned certificate={certificate} /> : undefined}
      quiz={
        player.role === "visitor"
          ? undefined
          : (quizId, lessonId) => (
              <QuizTaker
                quizId={quizId}
                lessonId={lessonId}
                lessonTitle={player.lesson?.title}
                onSubmitted={refresh}
              />
            )
      }
    />
  );
}
