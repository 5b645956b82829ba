import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";

/**
 * What an editor writes: posts, pages (docs among them) and campaigns. Only TypeScript holds
 * this list (the column is plain text), so a new kind needs no migration.
 */
export const contentKinds = ["post", "page", "campaign"] as const;
export type ContentKind = (typeof contentKinds)[number];

/**
 * Every save of a post, page or campaign keeps one revision: the whole editable state at that
 * moment (`snapshot`, the editor's own shape), so two can be compared and one restored.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    itemKind: text("item_kind", { enum: contentKinds }).notNull(),
    itemId: uuid("item_id").notNull(),
    /** The item's version this revision saved (1 for its first save). */
    version: integer("version").notNull(),
    /** Who saved it (users.id); kept as text so a deleted person leaves their revisions. */
    authorId: text("author_id"),
    authorName: text("author_name").notNull().default(""),
    /** An autosave replaces the last autosave of the same person instead of piling up. */
    autosave: boolean("autosave").notNull().default(false),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("content_revisions_item").on(t.accountId, t.itemKind, t.itemId, t.createdAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("content_revisions"),
  ],
);

/**
 * The moments scheduled items go live: ids and times only, no content. A global queue (like
 * `mail_outbox`) so that one indexed read finds what is due on every site; each item is then
 * published inside its own account's transaction (docs/decisions/024).
 */
export const publicationSchedule = pgTable(
  "publication_schedule",
  {
    accountId: uuid("account_id").notNull(),
    itemKind: text("item_kind", { enum: contentKinds }).notNull(),
    itemId: uuid("item_id").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.itemKind, t.itemId] }),
    index("publication_schedule_due").on(t.publishAt),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
  ],
);
