import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { ConversationSignal, GroupSignal, NotificationSignal } from "./protocol";

/** Bus topics between instances (docs/decisions/014). */
export const realtimeTopics = {
  join: "realtime.join",
  leave: "realtime.leave",
  state: "realtime.state",
  hello: "realtime.hello",
  alive: "realtime.alive",
  gone: "realtime.gone",
  broadcast: "realtime.broadcast",
  kick: "realtime.kick",
} as const;

/** Bus payloads stay well under PostgreSQL NOTIFY's 8000 bytes. */
export const STATE_BATCH_BYTES = 6_000;

/** Who receives a broadcast: these members, and/or every manager of the account, or all. */
export type Audience = { userIds?: string[]; managers?: boolean; everyone?: boolean };

/** Sends a `notification` event to the account's online sockets on every instance. */
export function publishNotificationSignal(
  pubsub: PubSub,
  {
    accountId,
    audience,
    signal,
  }: { accountId: string; audience: Audience; signal: NotificationSignal },
): Promise<void> {
  return pubsub.publish({ topic: realtimeTopics.broadcast, accountId, audience, payload: signal });
}

/** Issue 35: a conversation's news to its members' open pages on every instance. */
export function publishConversationSignal(
  pubsub: PubSub,
  {
    accountId,
    userIds,
    signal,
  }: { accountId: string; userIds: string[]; signal: ConversationSignal },
): Promise<void> {
  return pubsub.publish({
    topic: realtimeTopics.broadcast,
    accountId,
    audience: { userIds },
    event: "conversation",
    payload: signal,
  });
}

/**
 * Issue 35: a group's feed changed. Sent to everyone online on the account (a group's member
 * list may be long): the signal names only the group, and each page fetches what it may read.
 */
export function publishGroupSignal(
  pubsub: PubSub,
  { accountId, signal }: { accountId: string; signal: GroupSignal },
): Promise<void> {
  return pubsub.publish({
    topic: realtimeTopics.broadcast,
    accountId,
    audience: { everyone: true },
    event: "group",
    payload: signal,
  });
}
