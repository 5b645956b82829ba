import { redirect } from "react-router";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import { MessagesScreen } from "~/features/messages/messages";
import {
  commandMessages,
  loadMessagesScreen,
  messagesQuerySchema,
  startDirect,
} from "~/features/messages/messages.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/messages";

/**
 * Issue 35 `/dashboard/messages` (decision 065): the viewer's conversations, one open (`?c=`)
 * with a page of its messages (`?before=` older), people to write to (`?find=`), messages found
 * (`?q=`). `?to={userId}` (member search, a profile) opens the one-to-one conversation with them.
 * Opening the screen is opening the chat list: its chat notifications become read (D11).
 */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["messagesScreen"], async (database, request) => {
    await openDashboardSection(database, request);
    const { pubsub } = args.context.get(servicesContext);
    const url = new URL(args.request.url);
    const query = messagesQuerySchema.parse(Object.fromEntries(url.searchParams));
    const place = { accountId: request.account.accountId, viewer: request.viewer };
    if (query.to) {
      const id = await startDirect({ database, pubsub }, { ...place, userId: query.to });
      throw redirect(`${url.pathname}?c=${id}`);
    }
    return loadMessagesScreen({ database, pubsub }, { ...place, query });
  });
}

/** The screen's commands (one JSON body naming its `intent`). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsSave(args, async (database, request, body) => {
    await openDashboardSection(database, request);
    const { pubsub, rateLimits } = args.context.get(servicesContext);
    return commandMessages(
      { database, pubsub, rateLimits },
      { accountId: request.account.accountId, viewer: request.viewer, body },
    );
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.messages.title",
    fallback: "Messages",
  });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <MessagesScreen {...loaderData} />;
}
