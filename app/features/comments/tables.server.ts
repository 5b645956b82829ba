import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { posts } from "../posts/tables.server";

/**
 * A comment's life: held for a manager (`pending`), shown (`approved`), or kept out of sight as
 * `spam` (so the same person's next comment can still be weighed). Deleting removes the row.
 */
export const commentStatuses = ["pending", "approved", "spam"] as const;
export type CommentStatus = (typeof commentStatuses)[number];

/**
 * Members' comments on posts: plain text (never HTML; escaped when shown), swear words already
 * masked. A reply names its parent, which is always a top-level comment (one level deep).
 */
export const postComments = pgTable(
  "post_comments",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    postId: uuid("post_id").notNull(),
    parentId: uuid("parent_id"),
    /** users.id; text like posts.author_id, so a removed person's words stay attributed. */
    authorId: text("author_id").notNull(),
    /** The name at the time of writing: the public page reads no member rows. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: commentStatuses }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // A post's thread, oldest first, by state.
    index("post_comments_post").on(t.accountId, t.postId, t.status, t.createdAt),
    // The moderation queue, newest first, by state.
    index("post_comments_queue").on(t.accountId, t.status, t.createdAt),
    // "Has this member had a comment approved here before?"
    index("post_comments_author").on(t.accountId, t.authorId, t.status),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.postId],
      foreignColumns: [posts.accountId, posts.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.parentId],
      foreignColumns: [t.accountId, t.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("post_comments"),
  ],
);
