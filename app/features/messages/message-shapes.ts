import { z } from "zod";
import { linkUrlSchema } from "~/platform/safe-value-schemas";
import { reportReasonSchema } from "~/features/moderation/moderation";

/**
 * Issue 35 messages (decision 065), on both sides of the wire: the commands of the messages
 * screen, what it reads, and the site's rule for who may write to whom.
 */
export const MESSAGES_PATH = "/dashboard/messages";
export const MESSAGE_MAX_LENGTH = 4_000;
/** A conversation holds its starter and at most this many others (a small group, not a channel). */
export const MAX_RECIPIENTS = 8;
export const MAX_ATTACHMENTS = 4;
/** A page of a conversation: the newest messages, older ones by the `before` cursor. */
export const THREAD_PAGE_SIZE = 50;
/** How long a "typing…" shows after the last keystroke signal. */
export const TYPING_SHOWS_MS = 4_000;
/** A client sends at most one typing signal this often. */
export const TYPING_EVERY_MS = 2_500;

/**
 * Who may start a conversation with whom (the owner's setting): anyone, only with the site's
 * instructors and managers (who may write to anyone), or nobody but the managers.
 */
export const directMessagePolicies = ["everyone", "instructors", "off"] as const;
export type DirectMessagePolicy = (typeof directMessagePolicies)[number];

export const messageAttachmentSchema = z.object({
  // A file of the media library (or any http(s) address): nothing a browser would run.
  url: linkUrlSchema,
  name: z.string().trim().min(1).max(200),
  kind: z.enum(["image", "file"]),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

const id = z.uuid();
const userId = z.string().trim().min(1).max(100);

export const messageCommandSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("start"),
    userIds: z.array(userId).min(1).max(MAX_RECIPIENTS),
    title: z.string().trim().max(120).default(""),
  }),
  z
    .object({
      intent: z.literal("send"),
      conversationId: id,
      body: z.string().trim().max(MESSAGE_MAX_LENGTH).default(""),
      attachments: z.array(messageAttachmentSchema).max(MAX_ATTACHMENTS).default([]),
    })
    .refine((command) => command.body.length > 0 || command.attachments.length > 0, {
      path: ["body"],
      params: { origin: "required" },
    }),
  z.object({ intent: z.literal("read"), conversationId: id }),
  z.object({ intent: z.literal("typing"), conversationId: id }),
  z.object({ intent: z.literal("leave"), conversationId: id }),
  z.object({ intent: z.literal("block"), userId, blocked: z.boolean() }),
  z.object({ intent: z.literal("report"), messageId: id, reason: reportReasonSchema }),
  z.object({ intent: z.literal("policy"), policy: z.enum(directMessagePolicies) }),
  /** The viewer's own e-mail about unread messages (decision 068). */
  z.object({ intent: z.literal("digest"), on: z.boolean() }),
]);
export type MessageCommand = z.infer<typeof messageCommandSchema>;

export type MessageAnswer =
  | { ok: true; id?: string }
  | { ok: false; code: string; issues?: { path: string; code: string }[] };

export type Person = { userId: string; name: string; avatar: string | null };

/** A conversation as the list shows it. */
export type ConversationSummary = {
  id: string;
  title: string;
  /** Everyone in it but the viewer. */
  others: Person[];
  last: { senderId: string; body: string; at: string } | null;
  unread: number;
};

export type ThreadMessage = {
  id: string;
  senderId: string;
  body: string;
  attachments: MessageAttachment[];
  createdAt: string;
};

/** An open conversation: a page of its messages (oldest first) and what the others have read. */
export type ConversationView = ConversationSummary & {
  messages: ThreadMessage[];
  /** The cursor of the older page, or null at the start. */
  older: string | null;
  /** Each other member's last read time (the "Seen" marks). */
  readBy: { userId: string; at: string }[];
  /** Whether the viewer may write here (not blocked, the site's rule allows it). */
  canSend: boolean;
};

export type MessagesScreenData = {
  conversations: ConversationSummary[];
  open: ConversationView | null;
  /** People the viewer may start a conversation with, as searched (`?find=`). */
  people: Person[];
  /** Messages matching `?q=` in the viewer's conversations. */
  found: (ThreadMessage & { conversationId: string; title: string })[];
  blocked: string[];
  policy: DirectMessagePolicy;
  /** Whether the viewer sets the site's rule. */
  canManage: boolean;
  /** Whether the viewer keeps a library to attach from (every member: pictures, decision 073). */
  canAttach: boolean;
  /** Whether the viewer gets the e-mail about messages left unread. */
  digest: boolean;
};

/** A message's first words on one line, at most 140 characters (the chat bell, the digest). */
export function excerptOfText(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}
