import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import type {
  GroupAccessKind,
  GroupMemberStatus,
  GroupPrivacy,
  GroupRole,
  PollSpec,
  ReactionKind,
} from "./group-shapes";

/**
 * Issue 35 groups (decision 064): a site's places to talk. Public groups are read by every
 * member of the site, private ones only by their own members, hidden ones are not even listed
 * to others. A group tied to a course or a membership lets whoever holds that access in at once.
 */
export const groups = pgTable(
  "groups",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    rules: text("rules").notNull().default(""),
    cover: text("cover").notNull().default(""),
    privacy: text("privacy").$type<GroupPrivacy>().notNull().default("public"),
    accessKind: text("access_kind").$type<GroupAccessKind>().notNull().default("open"),
    accessId: uuid("access_id"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("groups_slug").on(t.accountId, t.slug),
    index("groups_access").on(t.accountId, t.accessKind, t.accessId),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("groups"),
  ],
);

/** Who is in a group, as what; `last_read_at` is where their unread markers start. */
export const groupMembers = pgTable(
  "group_members",
  {
    accountId: uuid("account_id").notNull(),
    groupId: uuid("group_id").notNull(),
    userId: text("user_id").notNull(),
    role: text("role").$type<GroupRole>().notNull().default("member"),
    status: text("status").$type<GroupMemberStatus>().notNull().default("active"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.userId] }),
    index("group_members_user").on(t.accountId, t.userId, t.status),
    foreignKey({
      columns: [t.accountId, t.groupId],
      foreignColumns: [groups.accountId, groups.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("group_members"),
  ],
);

/**
 * A group's posts. The feed reads them newest first through `group_posts_feed` (pinned first on
 * the first page), a cursor of (created_at, id): a page costs its own rows at any depth.
 */
export const groupPosts = pgTable(
  "group_posts",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    groupId: uuid("group_id").notNull(),
    authorId: text("author_id").notNull(),
    /** Sanitised HTML, swear words masked. */
    body: text("body").notNull(),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    commentsClosed: boolean("comments_closed").notNull().default(false),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** A poll under the post: its options, and whether several may be chosen (decision 069). */
    poll: jsonb("poll").$type<PollSpec>(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("group_posts_feed").on(t.accountId, t.groupId, t.createdAt.desc(), t.id.desc()),
    // The activity feed reads posts of every group a member may read newest first (decision 067).
    index("group_posts_time").on(t.accountId, t.createdAt),
    index("group_posts_pinned")
      .on(t.accountId, t.groupId, t.pinnedAt)
      .where(sql`${t.pinnedAt} is not null`),
    foreignKey({
      columns: [t.accountId, t.groupId],
      foreignColumns: [groups.accountId, groups.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("group_posts"),
  ],
);

/** Comments on a post, with one level of replies (`parent_id` names a top-level comment). */
export const groupComments = pgTable(
  "group_comments",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    postId: uuid("post_id").notNull(),
    parentId: uuid("parent_id"),
    authorId: text("author_id").notNull(),
    body: text("body").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("group_comments_post").on(t.accountId, t.postId, t.createdAt),
    index("group_comments_time").on(t.accountId, t.createdAt),
    foreignKey({
      columns: [t.accountId, t.postId],
      foreignColumns: [groupPosts.accountId, groupPosts.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("group_comments"),
  ],
);

/** One reaction per person and post or comment: `target_id` is the comment's id, or the post's own. */
export const groupReactions = pgTable(
  "group_reactions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    postId: uuid("post_id").notNull(),
    targetId: uuid("target_id").notNull(),
    userId: text("user_id").notNull(),
    kind: text("kind").$type<ReactionKind>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("group_reactions_once").on(t.accountId, t.targetId, t.userId),
    index("group_reactions_post").on(t.accountId, t.postId),
    foreignKey({
      columns: [t.accountId, t.postId],
      foreignColumns: [groupPosts.accountId, groupPosts.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("group_reactions"),
  ],
);

/**
 * A member's answer to a post's poll: one row per person and poll holding the options chosen,
 * so a vote changed in twenty tabs at once is still one answer (an upsert on the key).
 */
export const groupPollVotes = pgTable(
  "group_poll_votes",
  {
    accountId: uuid("account_id").notNull(),
    postId: uuid("post_id").notNull(),
    userId: text("user_id").notNull(),
    optionIds: text("option_ids").array().notNull(),
    votedAt: timestamp("voted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.postId, t.userId] }),
    foreignKey({
      columns: [t.accountId, t.postId],
      foreignColumns: [groupPosts.accountId, groupPosts.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("group_poll_votes"),
  ],
);
