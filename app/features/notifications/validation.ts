import { z } from "zod";

/** Spec §3: a notification in the UI is a chat message or anything else. */
export const notificationTypes = ["chat", "other"] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Where a notification lives: the account's (to its managers) or one member's own. */
export const notificationSources = ["account", "member"] as const;
export type NotificationSource = (typeof notificationSources)[number];

export const severities = [1, 2, 3, 4, 5] as const;
export type Severity = (typeof severities)[number];

/** HTML as typed; sanitising may only shorten it. */
export const MAX_MESSAGE_LENGTH = 5_000;
export const MAX_DATA_MESSAGE_LENGTH = 500;
/** The bell shows at most this many unread items; the badge counts them all. */
export const UNREAD_LIST_LIMIT = 50;

/** Spec §3 data.user_id (who caused it, e.g. the chat's sender) and data.message (a short text). */
export const notificationDataSchema = z.object({
  user_id: z.string().trim().min(1).max(100).optional(),
  message: z.string().trim().max(MAX_DATA_MESSAGE_LENGTH).optional(),
  /** Where clicking it leads: a path of the dashboard (a conversation, a group's post). */
  url: z
    .string()
    .max(500)
    .regex(/^\/dashboard\/[^\s\\]*$/)
    .optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

const messageSchema = z.string().trim().min(1).max(MAX_MESSAGE_LENGTH);

/** POST /api/notifications/account: a message to the site's managers. */
export const accountNotificationInputSchema = z.object({
  message: messageSchema,
  severity: z.number().int().min(1).max(5).default(1),
});
export type AccountNotificationInput = z.infer<typeof accountNotificationInputSchema>;

/** A notification for one member, written by other features (chat, courses) on the server. */
export const memberNotificationInputSchema = z.object({
  userId: z.string().trim().min(1).max(100),
  type: z.enum(notificationTypes),
  message: messageSchema,
  data: notificationDataSchema.default({}),
});
export type MemberNotificationInput = z.input<typeof memberNotificationInputSchema>;

/** GET /api/notifications?type=: the unread items of one bell, or of both. */
export const unreadQuerySchema = z.object({
  type: z.enum([...notificationTypes, "all"]).default("all"),
});
export type UnreadQuery = z.infer<typeof unreadQuerySchema>;

/** GET /api/notifications/history?before=&limit=: read and unread, newest first. */
export const historyQuerySchema = z.object({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** POST /api/notifications/read: one notification, as clicked. */
export const markReadSchema = z.object({
  source: z.enum(notificationSources),
  id: z.uuid(),
});
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** POST /api/notifications/read-all: e.g. every chat notification when the chat list opens. */
export const markAllReadSchema = z.object({ type: z.enum(notificationTypes) });
export type MarkAllReadInput = z.infer<typeof markAllReadSchema>;

export type NotificationItem = {
  id: string;
  source: NotificationSource;
  type: NotificationType;
  /** Sanitised HTML. */
  message: string;
  /** 1–5 for account notifications; null for a member's own. */
  severity: Severity | null;
  read: boolean;
  data: NotificationData | null;
  /** ISO 8601 with microseconds; also the history's cursor. */
  createdAt: string;
};

export type UnreadCounts = { total: number; chat: number; other: number };

export type UnreadNotifications = { items: NotificationItem[]; unread: UnreadCounts };

export type NotificationHistory = { items: NotificationItem[]; nextBefore: string | null };

/** Severity colours (Mantine palette): 1 information … 5 critical; a member's own is neutral. */
const severityColors: Record<Severity, string> = {
  1: "blue",
  2: "teal",
  3: "yellow",
  4: "orange",
  5: "red",
};

export function severityColor(severity: Severity | null): string {
  return severity ? severityColors[severity] : "gray";
}
