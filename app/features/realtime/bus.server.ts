import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { NotificationSignal } from "./protocol";

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

/** Who receives a broadcast: these members, and/or every manager of the account. */
export type Audience = { userIds?: string[]; managers?: boolean };

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
