// /dashboard/setup (issue 17 scope 4): the launch checklist, computed from the site's real state
// each time it is opened; every fact is read through the feature that owns it.
import { readAccount } from "~/features/accounts/accounts.server";
import { hasPublishedCourse } from "~/features/courses/courses.server";
import { hasOwnPublishedPage } from "~/features/pages/pages.server";
import { hasReadyPaymentProvider } from "~/features/payments/payments.server";
import { accountFeatures } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LaunchStep } from "./validation";

/**
 * The steps, in order, each done or not with the screen where it is done:
 * - identity: the site's name and icon (the app screen);
 * - domain: a verified custom domain (the app screen);
 * - payments: a provider switched on with its keys (the e-commerce screen's payments tab);
 * - mail: a sender of the site's own — no screen sets one yet (mail goes from the platform's
 *   address), so the step is "soon" and points where the e-mail settings will be;
 * - course: a published course, when learning is on;
 * - page: a published page of the owner's own (the seeded About page counts once edited).
 */
export async function loadLaunchChecklist(
  database: Database,
  { accountId }: { accountId: string },
): Promise<LaunchStep[]> {
  const account = await readAccount(database, accountId);
  if (!account) throw new AppError({ code: "tenant.notFound" });
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  const learning = accountFeatures({ plan, chosen: account.settings.features }).includes("lms");
  const [payments, course, page] = await Promise.all([
    hasReadyPaymentProvider(database, { accountId }),
    learning ? hasPublishedCourse(database, { accountId }) : Promise.resolve(false),
    hasOwnPublishedPage(database, { accountId }),
  ]);
  const done = (fact: boolean) => (fact ? "done" : "todo") as LaunchStep["state"];
  const steps: LaunchStep[] = [
    {
      id: "identity",
      state: done(Boolean(account.settings.sitetitle?.trim() && account.settings.icon)),
      href: "/dashboard/app#site-identity",
    },
    { id: "domain", state: done(account.domain !== null), href: "/dashboard/app#site-domain" },
    {
      id: "payments",
      state: done(payments),
      href: "/dashboard/manage/ecommerce?tab=payments",
    },
    { id: "mail", state: "soon", href: "/dashboard/manage/marketing/emails" },
    { id: "course", state: done(course), href: "/dashboard/instructor/new" },
    { id: "page", state: done(page), href: "/dashboard/pages" },
  ];
  return learning ? steps : steps.filter((step) => step.id !== "course");
}
