import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { maskProfanity } from "~/features/comments/comments.server";
import { peopleOf } from "~/features/members/members.server";
import { fileReport } from "~/features/moderation/moderation.server";
import { storeMemberNotification } from "~/features/notifications/notifications.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { escapeHtml } from "~/platform/mail/templates.server";
import { excerptOfText, MESSAGES_PATH, type MessageCommand } from "./message-shapes";
import {
  blockedBetween,
  directKeyOf,
  policyAllows,
  policyOf,
  threadOf,
  type Place,
  type Thread,
} from "./message-rights.server";
import { conversationMembers, conversations, messageBlocks, messages } from "./tables.server";

type Command<K extends MessageCommand["intent"]> = Extract<MessageCommand, { intent: K }>;

/** What a command leaves for after the commit: who hears of it live, and the chat notifications. */
export type Echo = {
  conversationId?: string;
  kind?: "message" | "read" | "typing";
  /** Who is told (the conversation's members). */
  audience: string[];
  notified: Awaited<ReturnType<typeof storeMemberNotification>>[];
  /** A report for the site's managers. */
  reported?: { messageId: string; reporter: string };
};

const nothing = (): Echo => ({ audience: [], notified: [] });

/**
 * Starts a conversation with these people, or finds the one-to-one one that exists. Everyone
 * named must be a member; the site's rule and blocks are asked here, once for every route.
 */
export async function startConversation(
  tx: Tx,
  place: Place,
  { userIds, title }: Pick<Command<"start">, "userIds" | "title">,
): Promise<string> {
  const { accountId, viewer } = place;
  const me = viewer.user.id;
  const othersIds = [...new Set(userIds)].filter((id) => id !== me);
  if (othersIds.length === 0)
    throw new AppError({ code: "request.invalid", details: [{ path: "userIds" }] });
  const people = await peopleOf(tx, accountId, othersIds);
  if (people.size !== othersIds.length)
    throw new AppError({ code: "request.invalid", details: [{ path: "userIds" }] });
  if (await blockedBetween(tx, { accountId, userId: me, others: othersIds }))
    throw new AppError({ code: "messages.blocked" });
  if (!policyAllows(await policyOf(tx, accountId), viewer, [...people.values()]))
    throw new AppError({ code: "messages.notAllowed" });
  const directKey = othersIds.length === 1 ? directKeyOf(me, othersIds[0]!) : null;
  if (directKey) {
    // Two people starting at once meet in one conversation: the unique key decides.
    const [made] = await tx
      .insert(conversations)
      .values({ accountId, directKey, createdBy: me })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!made) {
      const [found] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.accountId, accountId), eq(conversations.directKey, directKey)));
      // Someone who left a one-to-one conversation is back in it when either writes again.
      await tx
        .update(conversationMembers)
        .set({ leftAt: null })
        .where(
          and(
            eq(conversationMembers.accountId, accountId),
            eq(conversationMembers.conversationId, found!.id),
          ),
        );
      return found!.id;
    }
    await addMembers(tx, { accountId, conversationId: made.id, userIds: [me, ...othersIds] });
    return made.id;
  }
  const [made] = await tx
    .insert(conversations)
    .values({ accountId, title, createdBy: me })
    .returning({ id: conversations.id });
  await addMembers(tx, { accountId, conversationId: made!.id, userIds: [me, ...othersIds] });
  return made!.id;
}

async function addMembers(
  tx: Tx,
  {
    accountId,
    conversationId,
    userIds,
  }: { accountId: string; conversationId: string; userIds: string[] },
) {
  await tx
    .insert(conversationMembers)
    .values(userIds.map((userId) => ({ accountId, conversationId, userId })))
    .onConflictDoNothing();
}

/** The others in a conversation may still be written to: no block, the site's rule allows it. */
async function requireMayWrite(tx: Tx, place: Place, thread: Thread) {
  const { accountId, viewer } = place;
  const others = thread.members.map((m) => m.userId).filter((id) => id !== viewer.user.id);
  if (others.length === 0) throw new AppError({ code: "messages.notAllowed" });
  const direct = thread.conversation.directKey !== null;
  if (direct && (await blockedBetween(tx, { accountId, userId: viewer.user.id, others })))
    throw new AppError({ code: "messages.blocked" });
  const people = await peopleOf(tx, accountId, others);
  if (!policyAllows(await policyOf(tx, accountId), viewer, [...people.values()]))
    throw new AppError({ code: "messages.notAllowed" });
  return others;
}

/** A short plain excerpt for the chat bell: the first words, or the attachment's name. */
function excerptOf(command: Command<"send">): string {
  return (
    excerptOfText(command.body) || excerptOfText(command.attachments.map((f) => f.name).join(", "))
  );
}

export async function sendMessage(
  tx: Tx,
  place: Place,
  command: Command<"send">,
  now = new Date(),
): Promise<{ id: string; echo: Echo }> {
  const { accountId, viewer } = place;
  const thread = await threadOf(tx, place, command.conversationId);
  const others = await requireMayWrite(tx, place, thread);
  const body = maskProfanity(command.body);
  const [message] = await tx
    .insert(messages)
    .values({
      accountId,
      conversationId: thread.conversation.id,
      senderId: viewer.user.id,
      body,
      attachments: command.attachments,
      createdAt: now,
    })
    .returning({ id: messages.id });
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(eq(conversations.accountId, accountId), eq(conversations.id, thread.conversation.id)),
    );
  // The sender has read their own conversation up to their message.
  await markThreadRead(tx, place, thread.conversation.id, now);
  const name = viewer.membership?.name ?? viewer.user.name;
  const excerpt = maskProfanity(excerptOf(command));
  const notified = [];
  for (const userId of others)
    notified.push(
      await storeMemberNotification(tx, {
        accountId,
        input: {
          userId,
          type: "chat",
          message: `<strong>${escapeHtml(name)}</strong>: ${escapeHtml(excerpt)}`,
          data: {
            user_id: viewer.user.id,
            message: excerpt,
            url: `${MESSAGES_PATH}?c=${thread.conversation.id}`,
          },
        },
      }),
    );
  return {
    id: message!.id,
    echo: {
      conversationId: thread.conversation.id,
      kind: "message",
      audience: thread.members.map((m) => m.userId),
      notified,
    },
  };
}

async function markThreadRead(
  tx: Tx,
  { accountId, viewer }: Place,
  conversationId: string,
  now: Date,
) {
  await tx
    .update(conversationMembers)
    .set({
      lastReadAt: sql`greatest(${conversationMembers.lastReadAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(conversationMembers.accountId, accountId),
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, viewer.user.id),
      ),
    );
}

/** The commands that are not sending: each returns what to tell whom once committed. */
export async function otherCommand(
  tx: Tx,
  place: Place,
  command: Exclude<MessageCommand, { intent: "send" | "start" | "policy" | "digest" }>,
  now = new Date(),
): Promise<Echo> {
  const { accountId, viewer } = place;
  const me = viewer.user.id;
  switch (command.intent) {
    case "read": {
      const thread = await threadOf(tx, place, command.conversationId);
      await markThreadRead(tx, place, thread.conversation.id, now);
      const audience = thread.members.map((m) => m.userId);
      return { conversationId: thread.conversation.id, kind: "read", audience, notified: [] };
    }
    case "typing": {
      const thread = await threadOf(tx, place, command.conversationId);
      const audience = thread.members.map((m) => m.userId).filter((id) => id !== me);
      return { conversationId: thread.conversation.id, kind: "typing", audience, notified: [] };
    }
    case "leave": {
      const thread = await threadOf(tx, place, command.conversationId);
      await tx
        .update(conversationMembers)
        .set({ leftAt: now })
        .where(
          and(
            eq(conversationMembers.accountId, accountId),
            eq(conversationMembers.conversationId, thread.conversation.id),
            eq(conversationMembers.userId, me),
          ),
        );
      const audience = thread.members.map((m) => m.userId);
      return { conversationId: thread.conversation.id, kind: "read", audience, notified: [] };
    }
    case "block": {
      if (command.userId === me)
        throw new AppError({ code: "request.invalid", details: [{ path: "userId" }] });
      if (command.blocked) {
        const found = await peopleOf(tx, accountId, [command.userId]);
        if (found.size === 0)
          throw new AppError({ code: "request.invalid", details: [{ path: "userId" }] });
        await tx
          .insert(messageBlocks)
          .values({ accountId, blockerId: me, blockedId: command.userId })
          .onConflictDoNothing();
      } else
        await tx
          .delete(messageBlocks)
          .where(
            and(
              eq(messageBlocks.accountId, accountId),
              eq(messageBlocks.blockerId, me),
              eq(messageBlocks.blockedId, command.userId),
            ),
          );
      return nothing();
    }
    case "report": {
      // Only a message of a conversation the reporter is in, and not their own.
      const [message] = await tx
        .select({ id: messages.id, conversationId: messages.conversationId })
        .from(messages)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.accountId, messages.accountId),
            eq(conversationMembers.conversationId, messages.conversationId),
            eq(conversationMembers.userId, me),
            isNull(conversationMembers.leftAt),
          ),
        )
        .where(
          and(
            eq(messages.accountId, accountId),
            eq(messages.id, command.messageId),
            ne(messages.senderId, me),
          ),
        );
      if (!message) throw new AppError({ code: "route.notFound" });
      const filed = await fileReport(tx, {
        accountId,
        kind: "message",
        targetId: message.id,
        groupId: null,
        reporterId: me,
        reason: command.reason,
      });
      return {
        ...nothing(),
        reported: filed ? { messageId: message.id, reporter: me } : undefined,
      };
    }
  }
}
