import { z } from "zod";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";

/** The longest comment, in characters: a few paragraphs, not an article. */
export const COMMENT_MAX_LENGTH = 2000;

/**
 * A comment as a member sends it: plain text, trimmed, 1–2000 characters; a reply names its
 * parent. (NUL and broken Unicode never get this far: the input rule answers 400.)
 */
export const commentInputSchema = z.object({
  intent: z.literal("comment"),
  body: z.string().trim().min(1).max(COMMENT_MAX_LENGTH),
  parentId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

/** What a manager does with a comment in the moderation queue. */
export const moderationInputSchema = z.object({
  intent: z.enum(["approve", "spam", "delete"]),
  commentId: z.uuid(),
});

/**
 * The site's moderation setting: hold every comment for approval, only a member's first (the
 * default: someone a manager approved once is trusted after), or none.
 */
export const commentsOption = defineOption(
  "comments",
  z.object({ hold: z.enum(["all", "first", "none"]).default("first") }),
);
export type CommentsSettings = OptionValue<typeof commentsOption>;

export const commentsPart = defineOptionPart({
  name: "comments",
  key: "comments",
  schema: commentsOption.schema,
});

/** Kept in step with `commentStatuses` (tables.server.ts, which the client never loads). */
export type CommentStatus = "pending" | "approved" | "spam";

/** A comment as a page shows it: plain text, never HTML. */
export type PublicComment = {
  id: string;
  parentId: string | null;
  authorName: string;
  body: string;
  createdAt: string;
  /** Only the writer sees their own comment while it waits for a manager. */
  status: CommentStatus;
};

/** A comment as the moderation queue shows it. */
export type QueuedComment = PublicComment & {
  postId: string;
  postTitle: string;
  postSlug: string;
};
