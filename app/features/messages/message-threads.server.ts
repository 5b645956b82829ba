import { and, desc, eq, ilike, inArray, isNull, ne, sql } from "drizzle-orm";
import { peopleOf, type Person as Member } from "~/features/members/members.server";
import type { Tx } from "~/platform/db/database.server";
import {
  THREAD_PAGE_SIZE,
  type ConversationSummary,
  type ConversationView,
  type MessagesScreenData,
  type Person,
  type ThreadMessage,
} from "./message-shapes";
import { policyAllows, threadOf, type Place } from "./message-rights.server";
import { conversationMembers, conversations, messages } from "./tables.server";

/** How many conversations the list shows (the newest first), and how many messages a search finds. */
export const LIST_SIZE = 50;
export const FOUND_SIZE = 30;

const shownPerson = ({ userId, name, avatar }: Member): Person => ({ userId, name, avatar });
const someone = (userId: string): Person => ({ userId, name: "", avatar: null });

const messageOf = (row: typeof messages.$inferSelect): ThreadMessage => ({
  id: row.id,
  senderId: row.senderId,
  body: row.body,
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The viewer's conversations, newest first, each with the others in it, its last message and
 * the viewer's unread count: three statements for the whole list.
 */
export async function listConversations(tx: Tx, { accountId, viewer }: Place) {
  const me = viewer.user.id;
  const mine = await tx
    .select({
      conversation: conversations,
      lastReadAt: conversationMembers.lastReadAt,
      unread: sql<number>`(
        select count(*)::int from ${messages} m
        where m.account_id = ${conversations.accountId} and m.conversation_id = ${conversations.id}
          and m.created_at > ${conversationMembers.lastReadAt} and m.sender_id <> ${me}
      )`,
      last: sql<{ sender_id: string; body: string; created_at: string } | null>`(
        select json_build_object('sender_id', m.sender_id, 'body', left(m.body, 140), 'created_at', m.created_at)
        from ${messages} m
        where m.account_id = ${conversations.accountId} and m.conversation_id = ${conversations.id}
        order by m.created_at desc, m.id desc limit 1
      )`,
    })
    .from(conversationMembers)
    .innerJoin(
      conversations,
      and(
        eq(conversations.accountId, conversationMembers.accountId),
        eq(conversations.id, conversationMembers.conversationId),
      ),
    )
    .where(
      and(
        eq(conversationMembers.accountId, accountId),
        eq(conversationMembers.userId, me),
        isNull(conversationMembers.leftAt),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(LIST_SIZE);
  if (mine.length === 0) return { summaries: [], people: new Map<string, Member>() };
  const others = await tx
    .select({
      conversationId: conversationMembers.conversationId,
      userId: conversationMembers.userId,
    })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.accountId, accountId),
        inArray(
          conversationMembers.conversationId,
          mine.map((row) => row.conversation.id),
        ),
        ne(conversationMembers.userId, me),
        isNull(conversationMembers.leftAt),
      ),
    );
  const people = await peopleOf(
    tx,
    accountId,
    others.map((row) => row.userId),
  );
  const summaries: ConversationSummary[] = mine.map(({ conversation, unread, last }) => ({
    id: conversation.id,
    title: conversation.title,
    others: others
      .filter((row) => row.conversationId === conversation.id)
      .map((row) => {
        const person = people.get(row.userId);
        return person ? shownPerson(person) : someone(row.userId);
      }),
    last: last
      ? {
          senderId: last.sender_id,
          body: last.body,
          at: new Date(last.created_at).toISOString(),
        }
      : null,
    unread,
  }));
  return { summaries, people };
}

/** One conversation's page of messages (oldest first on the page), its read marks and whether the viewer may write. */
export async function viewConversation(
  tx: Tx,
  place: Place & { blocked: boolean; policy: Parameters<typeof policyAllows>[0] },
  { id, before, summary }: { id: string; before: string | null; summary?: ConversationSummary },
): Promise<ConversationView> {
  const { accountId, viewer } = place;
  const thread = await threadOf(tx, place, id);
  const cursor = before ? parseCursor(before) : null;
  const rows = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, id),
        cursor
          ? sql`(${messages.createdAt}, ${messages.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    // The index's own order (desc nulls last), so the page is read off it.
    .orderBy(sql`${messages.createdAt} desc nulls last`, sql`${messages.id} desc nulls last`)
    .limit(THREAD_PAGE_SIZE + 1);
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const oldest = page[page.length - 1];
  const others = thread.members.filter((member) => member.userId !== viewer.user.id);
  const people = await peopleOf(
    tx,
    accountId,
    others.map((member) => member.userId),
  );
  return {
    // A conversation too old for the list's page is still opened by its address.
    ...(summary ?? {
      id,
      title: thread.conversation.title,
      others: others.map(({ userId }) => {
        const person = people.get(userId);
        return person ? shownPerson(person) : someone(userId);
      }),
      last: null,
      unread: 0,
    }),
    messages: page.reverse().map(messageOf),
    older: rows.length > THREAD_PAGE_SIZE && oldest ? cursorOf(oldest) : null,
    readBy: others.map((member) => ({
      userId: member.userId,
      at: member.lastReadAt.toISOString(),
    })),
    canSend:
      !place.blocked &&
      others.length > 0 &&
      policyAllows(place.policy, viewer, [...people.values()]),
  };
}

/** Messages holding `term` in the viewer's conversations, newest first. */
export async function searchMessages(
  tx: Tx,
  { accountId, viewer }: Place,
  term: string,
  summaries: ConversationSummary[],
): Promise<MessagesScreenData["found"]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.accountId, messages.accountId),
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, viewer.user.id),
        isNull(conversationMembers.leftAt),
      ),
    )
    .where(and(eq(messages.accountId, accountId), ilike(messages.body, pattern)))
    .orderBy(desc(messages.createdAt))
    .limit(FOUND_SIZE);
  const titles = new Map(summaries.map((summary) => [summary.id, titleOf(summary)]));
  return rows.map(({ message }) => ({
    ...messageOf(message),
    conversationId: message.conversationId,
    title: titles.get(message.conversationId) ?? "",
  }));
}

/** A conversation's name in a list: its own title, or the names of the others. */
const titleOf = (summary: ConversationSummary) =>
  summary.title || summary.others.map((person) => person.name).join(", ");

const cursorOf = (row: typeof messages.$inferSelect) => `${row.createdAt.toISOString()}_${row.id}`;

function parseCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = cursor.split("_");
  const date = new Date(at ?? "");
  if (Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { at: date, id };
}
