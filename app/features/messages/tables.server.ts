import { sql } from "drizzle-orm";
import {
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
import type { MessageAttachment } from "./message-shapes";

/**
 * Issue 35 messages (decision 065): one-to-one and small group conversations between a site's
 * members. A one-to-one conversation is found again by its pair (`direct_key`, the two user ids
 * in order), so two people never hold two threads.
 */
export const conversations = pgTable(
  "conversations",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** A small group's name as its starter gave it ("" for one-to-one). */
    title: text("title").notNull().default(""),
    directKey: text("direct_key"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: the list is ordered by it. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("conversations_direct")
      .on(t.accountId, t.directKey)
      .where(sql`${t.directKey} is not null`),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("conversations"),
  ],
);

/** Who is in a conversation; `last_read_at` gives their unread count and the others' "Seen". */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    accountId: uuid("account_id").notNull(),
    conversationId: uuid("conversation_id").notNull(),
    userId: text("user_id").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when they left a group conversation: it no longer lists or notifies them. */
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** When the offline digest last told them about this conversation (decision 065). */
    digestedAt: timestamp("digested_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.conversationId, t.userId] }),
    index("conversation_members_user").on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.conversationId],
      foreignColumns: [conversations.accountId, conversations.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("conversation_members"),
  ],
);

/** A conversation's messages: plain text (never HTML) and attachments from the media library. */
export const messages = pgTable(
  "messages",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    conversationId: uuid("conversation_id").notNull(),
    senderId: text("sender_id").notNull(),
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("messages_thread").on(t.accountId, t.conversationId, t.createdAt.desc(), t.id.desc()),
    // Search within one's conversations (by words anywhere in a message).
    index("messages_body_trgm").using("gin", t.body.op("gin_trgm_ops")),
    foreignKey({
      columns: [t.accountId, t.conversationId],
      foreignColumns: [conversations.accountId, conversations.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("messages"),
  ],
);

/** `blocker` no longer hears from `blocked`: no new conversation, no message between them. */
export const messageBlocks = pgTable(
  "message_blocks",
  {
    accountId: uuid("account_id").notNull(),
    blockerId: text("blocker_id").notNull(),
    blockedId: text("blocked_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.blockerId, t.blockedId] }),
    index("message_blocks_blocked").on(t.accountId, t.blockedId),
    foreignKey({
      columns: [t.accountId, t.blockerId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("message_blocks"),
  ],
);
