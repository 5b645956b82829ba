import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";

export type PostSettings = { featured?: string };

export const posts = pgTable(
  "posts",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Sanitised HTML. */
    content: text("content").notNull().default(""),
    settings: jsonb("settings").$type<PostSettings>().notNull().default({}),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("posts_account_slug").on(t.accountId, t.slug),
    // The blog's order (newest first, then id) read backwards: keyset pages and sitemap chunks.
    index("posts_account_published").on(t.accountId, t.status, t.publishedAt, t.id),
    // That order must be total: a published post always has its date.
    check("posts_published_dated", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    // Site search (features/search): trigram matching on the title.
    index("posts_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("posts"),
  ],
);
