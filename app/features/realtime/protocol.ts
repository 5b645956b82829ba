import { z } from "zod";
import { deviceInfoSchema, type DeviceInfo } from "~/features/analytics/analytics";
import type { ErrorCode } from "~/platform/errors";

// The realtime WebSocket protocol (docs/decisions/014-notifications-and-realtime.md). JSON text
// frames both ways; client-safe, so the browser hook and the server share one definition.

/** Same origin as the site: the session cookie goes with the upgrade request. */
export const REALTIME_PATH = "/api/realtime";

/** Spec §7: the per-account presence channel; it also carries the `notification` broadcasts. */
export const ONLINE_USERS = "onlineUsers";
export const NOTIFICATION_EVENT = "notification";
/** Issue 35: something happened in a conversation or a group the receiver is in. */
export const CONVERSATION_EVENT = "conversation";
export const GROUP_EVENT = "group";

/** A browser's id, kept in localStorage under `device_id` (spec §3 local storage keys). */
export const DEVICE_ID_KEY = "device_id";

/** Frames larger than this end the connection: no client message needs more. */
export const MAX_CLIENT_FRAME_BYTES = 4_096;

/** Close codes (4000–4999 are the application's). */
export const closeCodes = {
  goingAway: 1001,
  policy: 1008,
  /** Signed out by the server (single session): the client must not reconnect. */
  signedOut: 4001,
} as const;

const deviceIdSchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("join"),
    channel: z.literal(ONLINE_USERS),
    /** Optional: when given it must be the site's own account, else the join is refused. */
    account_id: z.uuid().optional(),
    device_id: deviceIdSchema,
    info: deviceInfoSchema.optional(),
  }),
  z.object({ type: z.literal("leave"), channel: z.literal(ONLINE_USERS) }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Spec §3 online presence entry, plus `key`: one per joined connection (a tab). */
export type PresenceEntry = {
  key: string;
  device_id: string;
  info: DeviceInfo | null;
  user: {
    id: string;
    name: string;
    /** Shown to the site's managers only; null for everyone else (decision 014). */
    email: string | null;
    avatar: string | null;
    account_id: string;
  };
};

/** What a `notification` broadcast carries: enough to refresh, never the message itself. */
export type NotificationSignal = {
  source: "account" | "member";
  type: "chat" | "other";
  id: string;
};

/** A conversation's news (decision 065): its members fetch again, or show who is typing. */
export type ConversationSignal = {
  conversationId: string;
  kind: "message" | "read" | "typing";
  /** Who wrote, read or types. */
  userId: string;
};

/** A group's feed changed (a post, a comment, a hidden post): its open pages fetch again. */
export type GroupSignal = { groupId: string; kind: "post" | "comment" | "moderated" };

export type ServerMessage =
  | { type: "welcome"; account_id: string; user_id: string }
  /** `key`: this connection's own presence entry. */
  | { type: "joined"; channel: typeof ONLINE_USERS; key: string }
  | { type: "left"; channel: typeof ONLINE_USERS }
  | { type: "presence_state"; channel: typeof ONLINE_USERS; entries: PresenceEntry[] }
  | {
      type: "presence_diff";
      channel: typeof ONLINE_USERS;
      joins: PresenceEntry[];
      leaves: string[];
    }
  | {
      type: "broadcast";
      channel: typeof ONLINE_USERS;
      event: typeof NOTIFICATION_EVENT;
      payload: NotificationSignal;
    }
  | {
      type: "broadcast";
      channel: typeof ONLINE_USERS;
      event: typeof CONVERSATION_EVENT;
      payload: ConversationSignal;
    }
  | {
      type: "broadcast";
      channel: typeof ONLINE_USERS;
      event: typeof GROUP_EVENT;
      payload: GroupSignal;
    }
  | { type: "signed_out"; reason: "singleSession"; code: ErrorCode }
  | { type: "error"; code: ErrorCode }
  | { type: "pong" };

/** People online: entries of one person (several tabs or devices) count once. */
export function onlineMembers(entries: Iterable<PresenceEntry>): PresenceEntry["user"][] {
  const people = new Map<string, PresenceEntry["user"]>();
  for (const entry of entries) people.set(entry.user.id, entry.user);
  return [...people.values()];
}
