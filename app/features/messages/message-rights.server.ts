import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { can, type Person, type Viewer } from "~/features/members/members.server";
import { getSiteOptions } from "~/features/options/options.server";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { DirectMessagePolicy } from "./message-shapes";
import { messagesOption } from "./messages-option";
import { conversationMembers, conversations, messageBlocks } from "./tables.server";

/**
 * Who may write to whom (decision 065), decided here for every route and job: the site's rule,
 * blocks, and membership of the conversation.
 */
export type Place = { accountId: string; viewer: Viewer };

/** The site's managers may always write: support does not stop when members' messages do. */
const managesSite = (caps: readonly string[]) => caps.includes("manage_options");
const teaches = (caps: readonly string[]) =>
  managesSite(caps) || caps.includes("create_courses") || caps.includes("manage_students");

export async function policyOf(tx: Tx, accountId: string): Promise<DirectMessagePolicy> {
  const { messages } = await getSiteOptions(tx, { accountId, options: [messagesOption] });
  return messages?.policy ?? "everyone";
}

/**
 * Whether the viewer may write to these people under the site's rule: "everyone"; "instructors"
 * (members write to instructors and managers, who write to anyone); "off" (only conversations
 * with a manager in them).
 */
export function policyAllows(
  policy: DirectMessagePolicy,
  viewer: Viewer,
  others: Pick<Person, "caps">[],
): boolean {
  if (can(viewer, "manage_options") || policy === "everyone") return true;
  if (policy === "instructors") {
    const viewerTeaches = can(viewer, "create_courses") || can(viewer, "manage_students");
    return viewerTeaches || others.every((person) => teaches(person.caps));
  }
  return others.some((person) => managesSite(person.caps));
}

/** Whether a block stands between the viewer and any of these people, in either direction. */
export async function blockedBetween(
  tx: Tx,
  { accountId, userId, others }: { accountId: string; userId: string; others: string[] },
): Promise<boolean> {
  if (others.length === 0) return false;
  const [row] = await tx
    .select({ blocker: messageBlocks.blockerId })
    .from(messageBlocks)
    .where(
      and(
        eq(messageBlocks.accountId, accountId),
        or(
          and(eq(messageBlocks.blockerId, userId), inArray(messageBlocks.blockedId, others)),
          and(inArray(messageBlocks.blockerId, others), eq(messageBlocks.blockedId, userId)),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The people the viewer has blocked. */
export async function blockedBy(tx: Tx, { accountId, viewer }: Place): Promise<string[]> {
  const rows = await tx
    .select({ userId: messageBlocks.blockedId })
    .from(messageBlocks)
    .where(
      and(eq(messageBlocks.accountId, accountId), eq(messageBlocks.blockerId, viewer.user.id)),
    );
  return rows.map((row) => row.userId);
}

export type Thread = {
  conversation: typeof conversations.$inferSelect;
  /** Everyone still in it, the viewer included, with their read marks. */
  members: { userId: string; lastReadAt: Date }[];
};

/**
 * A conversation the viewer is in (and has not left), with its current members; anything else
 * is not found, whether it exists or not.
 */
export async function threadOf(tx: Tx, { accountId, viewer }: Place, id: string): Promise<Thread> {
  const rows = await tx
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.accountId, conversations.accountId),
        eq(conversationMembers.conversationId, conversations.id),
        isNull(conversationMembers.leftAt),
      ),
    )
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)));
  const conversation = rows[0]?.conversation;
  if (!conversation || !rows.some((row) => row.member.userId === viewer.user.id))
    throw new AppError({ code: "route.notFound" });
  return {
    conversation,
    members: rows.map(({ member }) => ({ userId: member.userId, lastReadAt: member.lastReadAt })),
  };
}

/** The one-to-one key of two people: the same whoever starts. */
export const directKeyOf = (a: string, b: string) => [a, b].sort().join(":");
