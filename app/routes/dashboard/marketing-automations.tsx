import { z } from "zod";
import {
  AutomationsScreen,
  type ContactTimelineView,
  type OpenedAutomationView,
} from "~/features/automations/automations";
import {
  automationChoices,
  commandAutomations,
  contactTimeline,
  listAutomations,
  loadAutomation,
} from "~/features/automations/automations.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/marketing-automations";

/** A new automation: a form's answer tags the contact, then the owner adds the steps. */
const starting = (name: string): OpenedAutomationView => ({
  id: null,
  name,
  status: "draft",
  reentry: false,
  version: 0,
  graph: {
    trigger: {
      type: "form.submitted",
      formId: "",
      tag: "",
      productId: "",
      courseId: "",
      membershipId: "",
    },
    steps: [],
  },
  changed: true,
  signingSecret: "",
  runs: [],
});

/**
 * M5 `/dashboard/manage/marketing/automations` (managers, issue 34): the site's automations
 * and a contact's timeline (`?contact=`); `?automation={id}` (or `new`) opens the builder.
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["automationsScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const search = new URL(args.request.url).searchParams;
    const place = { accountId: request.account.accountId, viewer: request.viewer };
    const asked = search.get("automation");
    const id = z.uuid().safeParse(asked);
    const opened =
      asked === "new"
        ? starting("")
        : id.success
          ? await loadAutomation(database, { ...place, id: id.data })
          : null;
    const email = (search.get("contact") ?? "").trim().slice(0, 320);
    let timeline: ContactTimelineView | null = null;
    if (email && !opened) {
      const found = await contactTimeline(database, { ...place, email });
      timeline = { email, found: found.contactId !== null, entries: found.entries };
    }
    return {
      automations: opened ? [] : await listAutomations(database, place),
      opened,
      choices: opened
        ? await automationChoices(database, place)
        : { forms: [], products: [], courses: [], memberships: [] },
      timeline,
      timeZone: request.account.settings.timezone ?? "UTC",
    };
  });
}

/** Save, publish, pause, resume, stop, delete or dry-run an automation (a JSON body's `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    return commandAutomations(database, {
      accountId: request.account.accountId,
      viewer: request.viewer,
      body,
      linkOrigin: new URL(args.request.url).origin,
    });
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageAutomations.title",
    fallback: "Automations",
  });
}

export default function MarketingAutomations({ loaderData }: Route.ComponentProps) {
  return (
    <AutomationsScreen
      automations={loaderData.automations}
      opened={loaderData.opened}
      choices={loaderData.choices}
      timeline={loaderData.timeline}
      timeZone={loaderData.timeZone}
    />
  );
}
