// The messages feature's server door (issue 35, decision 065).
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import { findPeople, peopleOf, requireCapability } from "~/features/members/members.server";
import { saveSiteOption } from "~/features/options/options.server";
import { messagesPolicyPart } from "./messages-option";
import { canKeepImages } from "~/features/media/media.server";
import {
  announceMemberNotification,
  markAllRead,
} from "~/features/notifications/notifications.server";
import { tellManagersOfReport } from "~/features/moderation/moderation.server";
import { publishConversationSignal } from "~/features/realtime/realtime.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { Limiter, RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { otherCommand, sendMessage, startConversation, type Echo } from "./message-commands.server";
import {
  blockedBetween,
  blockedBy,
  policyAllows,
  policyOf,
  type Place,
} from "./message-rights.server";
import {
  messageCommandSchema,
  type MessageAnswer,
  type MessagesScreenData,
} from "./message-shapes";
import { listConversations, searchMessages, viewConversation } from "./message-threads.server";
import { messages } from "./tables.server";
import { messageDigestOf, setMessageDigest } from "./message-digest.server";

export {
  MESSAGE_DIGEST_JOB,
  sendMessageDigests,
  type DigestServices,
} from "./message-digest.server";

export type MessageServices = { database: Database; pubsub: PubSub };

/** The screen's address: `c` open conversation, `before` its older page, `find` people, `q` messages, `to` a person. */
export const messagesQuerySchema = z.object({
  c: z.uuid().optional().catch(undefined),
  before: z.string().max(100).optional().catch(undefined),
  find: z.string().trim().max(100).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  to: z.string().trim().min(1).max(100).optional().catch(undefined),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** Sends a member may make in a minute, and typing signals (the screen sends one every 2.5 s). */
export const messageLimits = {
  send: { points: 30, duration: 60 },
  typing: { points: 40, duration: 60 },
};

function placeOf(accountId: string, viewer: Viewer | null): Place {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  return { accountId, viewer };
}

/** The screen's data; opening it is opening the chat list, so its chat notifications are read (D11). */
export async function loadMessagesScreen(
  { database, pubsub }: MessageServices,
  { accountId, viewer, query }: { accountId: string; viewer: Viewer | null; query: MessagesQuery },
): Promise<MessagesScreenData> {
  const place = placeOf(accountId, viewer);
  await markAllRead(
    { database, pubsub },
    { viewer, hostAccountId: accountId, input: { type: "chat" } },
  );
  return database.forAccount(accountId, async (tx) => {
    const policy = await policyOf(tx, accountId);
    const blocked = await blockedBy(tx, place);
    const { summaries } = await listConversations(tx, place);
    let open = null;
    if (query.c) {
      const summary = summaries.find((entry) => entry.id === query.c);
      const others = summary?.others.map((person) => person.userId) ?? [];
      open = await viewConversation(
        tx,
        {
          ...place,
          policy,
          blocked: await blockedBetween(tx, { accountId, userId: place.viewer.user.id, others }),
        },
        { id: query.c, before: query.before ?? null, summary },
      ).catch((error: unknown) => {
        // A conversation left or never had reads as none open, not as a broken screen.
        if (error instanceof AppError && error.code === "route.notFound") return null;
        throw error;
      });
    }
    const people = query.find
      ? await findPeople(tx, {
          accountId,
          term: query.find,
          except: place.viewer.user.id,
          limit: 20,
        })
      : [];
    return {
      conversations: summaries,
      open,
      people: people.map(({ userId, name, avatar }) => ({ userId, name, avatar })),
      found: query.q ? await searchMessages(tx, place, query.q, summaries) : [],
      blocked,
      policy,
      canManage: Boolean(place.viewer.membership?.caps.includes("manage_options")),
      canAttach: canKeepImages(place.viewer),
      digest: await messageDigestOf(tx, { accountId, userId: place.viewer.user.id }),
    };
  });
}

/** Whether the viewer may start a conversation with this member (the site's rule, blocks). */
export async function mayMessage(
  tx: Tx,
  { accountId, viewer, userId }: { accountId: string; viewer: Viewer; userId: string },
): Promise<boolean> {
  if (viewer.user.id === userId || !viewer.membership) return false;
  if (await blockedBetween(tx, { accountId, userId: viewer.user.id, others: [userId] }))
    return false;
  const person = (await peopleOf(tx, accountId, [userId])).get(userId);
  return Boolean(person) && policyAllows(await policyOf(tx, accountId), viewer, [person!]);
}

/** `?to=`: the one-to-one conversation with this person, started if it was not. */
export async function startDirect(
  services: MessageServices,
  { accountId, viewer, userId }: { accountId: string; viewer: Viewer | null; userId: string },
): Promise<string> {
  const place = placeOf(accountId, viewer);
  return services.database.forAccount(accountId, (tx) =>
    startConversation(tx, place, { userIds: [userId], title: "" }),
  );
}

const limiters = new WeakMap<RateLimits, { send: Limiter; typing: Limiter }>();
function limitersOf(rateLimits: RateLimits) {
  let found = limiters.get(rateLimits);
  if (!found) {
    found = {
      send: rateLimits.create("messages-send", messageLimits.send),
      typing: rateLimits.create("messages-typing", messageLimits.typing),
    };
    limiters.set(rateLimits, found);
  }
  return found;
}

/** The screen's commands, each in one transaction; what they change is told live once committed. */
export async function commandMessages(
  { database, pubsub, rateLimits }: MessageServices & { rateLimits: RateLimits },
  { accountId, viewer, body }: { accountId: string; viewer: Viewer | null; body: unknown },
): Promise<MessageAnswer> {
  const place = placeOf(accountId, viewer);
  const command = messageCommandSchema.parse(body);
  const key = `${accountId}:${place.viewer.user.id}`;
  if (command.intent === "send" || command.intent === "start")
    await limitersOf(rateLimits).send.take(key, "request.tooMany");
  if (command.intent === "typing") await limitersOf(rateLimits).typing.take(key, "request.tooMany");
  if (command.intent === "policy") {
    requireCapability(place.viewer, "manage_options");
    const saved = await saveSiteOption(database, {
      accountId,
      part: messagesPolicyPart,
      value: { policy: command.policy },
      caches: null,
    });
    return saved.ok ? { ok: true } : { ok: false, code: saved.code, issues: saved.issues };
  }
  if (command.intent === "digest") {
    await database.forAccount(accountId, (tx) =>
      setMessageDigest(tx, { accountId, userId: place.viewer.user.id, on: command.on }),
    );
    return { ok: true };
  }
  let id: string | undefined;
  const echo = await database.forAccount(accountId, async (tx): Promise<Echo> => {
    if (command.intent === "start") {
      id = await startConversation(tx, place, command);
      return { audience: [], notified: [] };
    }
    if (command.intent === "send") {
      const sent = await sendMessage(tx, place, command);
      id = sent.id;
      return sent.echo;
    }
    return otherCommand(tx, place, command);
  });
  await tell({ database, pubsub }, { accountId, viewer: place.viewer, echo });
  return { ok: true, id };
}

async function tell(
  { database, pubsub }: MessageServices,
  { accountId, viewer, echo }: { accountId: string; viewer: Viewer; echo: Echo },
) {
  for (const stored of echo.notified)
    await announceMemberNotification(pubsub, { accountId, stored });
  if (echo.conversationId && echo.kind && echo.audience.length)
    await publishConversationSignal(pubsub, {
      accountId,
      userIds: echo.audience,
      signal: { conversationId: echo.conversationId, kind: echo.kind, userId: viewer.user.id },
    });
  if (echo.reported) {
    const [message] = await database.forAccount(accountId, (tx) =>
      tx
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.accountId, accountId), eq(messages.id, echo.reported!.messageId))),
    );
    await tellManagersOfReport(
      { database, pubsub },
      {
        accountId,
        reporter: viewer.membership?.name ?? viewer.user.name,
        excerpt: message?.body ?? "",
      },
    );
  }
}
