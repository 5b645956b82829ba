import { useSyncExternalStore } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import type { z } from "zod";
import { useRealtime } from "~/features/realtime/realtime";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  MESSAGES_PATH,
  type ConversationSummary,
  type MessageAnswer,
  type messageCommandSchema,
} from "../message-shapes";

/** A command as the screen writes it (the schema fills in its defaults). */
export type MessageCommandInput = z.input<typeof messageCommandSchema>;

/**
 * One command sent as JSON to the screen's action, with its answer once back. A `quiet` command
 * (typing, a report) changes nothing the screen shows: the page's data is not fetched again.
 */
export function useMessageCommand({ quiet = false }: { quiet?: boolean } = {}) {
  const fetcher = useFetcher<MessageAnswer>();
  const send = (command: MessageCommandInput) =>
    fetcher.submit(command as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
      action: MESSAGES_PATH,
      ...(quiet ? { defaultShouldRevalidate: false } : {}),
    });
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  return { send, answer, busy };
}

/** A command's refusal in the reader's words. */
export function useRefusal(answer: MessageAnswer | undefined): string | null {
  const { t } = useTranslation();
  if (!answer || answer.ok) return null;
  // No form here shows field issues: a refused command says so as a whole.
  if (answer.code === "request.invalid") return t("siteSettings.common.errors.invalid");
  return t(errorKeyOf(answer.code));
}

/**
 * The viewer's user id. The screen's data names only the others of each conversation; the
 * dashboard's shell, around every screen, knows who is signed in.
 */
export function useViewerId(): string {
  const layout = useRouteLoaderData("routes/dashboard/layout") as
    { shell?: { person?: { id?: string } } } | undefined;
  return layout?.shell?.person?.id ?? "";
}

/** Who is online now (each person once), to put a dot on their faces. */
export function useOnline(): (userId: string) => boolean {
  const { members } = useRealtime();
  const ids = new Set(members.map((member) => member.id));
  return (userId) => ids.has(userId);
}

/** A conversation of more than two people, or one its starter named. */
export const isGroupConversation = (conversation: Pick<ConversationSummary, "title" | "others">) =>
  conversation.others.length > 1 || conversation.title !== "";

/** A conversation's name: its title, else its other members' names as a list of the language. */
export function useConversationName() {
  const { t, i18n } = useTranslation();
  const list = new Intl.ListFormat(i18n.language, { type: "conjunction", style: "long" });
  return (conversation: Pick<ConversationSummary, "title" | "others">) => {
    if (conversation.title) return conversation.title;
    if (conversation.others.length === 0) return t("messages.list.onlyYou");
    return list.format(conversation.others.map((person) => person.name || t("messages.someone")));
  };
}

const noChange = () => () => {};

/**
 * The time zone messages' times are drawn in: the reader's own once the page is live; UTC (as
 * the server draws them) until then, so that the server's page and the first render agree.
 */
export function useTimeZone(): string | undefined {
  const live = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return live ? undefined : "UTC";
}
