import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  integer,
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

/** Spec §3: `featured` is the post's featured (cover) image address. */
export type PostSettings = { featured?: string };

/** What a search engine and a shared link show; empty fields fall back to the post's own. */
export type PostSeo = { title?: string; description?: string; image?: string };

/**
 * A post's life: a draft; scheduled (goes live at `published_at` through the publication
 * schedule); published; or in the trash (`trashed_at`), which remembers the state it left so a
 * restore puts it back. Only `published` is public: every public query, search included, asks
 * for it, so neither a scheduled nor a trashed post can leak.
 */
export const postStatuses = ["draft", "scheduled", "published", "trashed"] as const;

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
    status: text("status", { enum: postStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The person who writes it (users.id); null for seeded or orphaned posts. */
    authorId: text("author_id"),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seo: jsonb("seo").$type<PostSeo>().notNull().default({}),
    /** Bumped by every save: an editor sends the version it loaded, so no save is lost unseen. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    trashedAt: timestamp("trashed_at", { withTimezone: true }),
    /** The state a trashed post returns to. */
    trashedFrom: text("trashed_from", { enum: ["draft", "scheduled", "published"] }),
    /**
     * A translation is a post of its own (its editor, revisions, schedule and trash are the
     * post's) tied to its original: `translation_of` names it and `language` says which of the
     * spec's languages it is in; both are null on an original, which is in the site's language
     * (docs/decisions/025-content-translations.md).
     */
    translationOf: uuid("translation_of"),
    language: text("language"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // A translation answers at its original's address: only originals claim a slug.
    uniqueIndex("posts_account_slug")
      .on(t.accountId, t.slug)
      .where(sql`${t.translationOf} is null`),
    uniqueIndex("posts_translation_language")
      .on(t.accountId, t.translationOf, t.language)
      .where(sql`${t.translationOf} is not null`),
    check("posts_translation_pair", sql`(${t.translationOf} is null) = (${t.language} is null)`),
    foreignKey({
      columns: [t.accountId, t.translationOf],
      foreignColumns: [t.accountId, t.id],
    }).onDelete("cascade"),
    // The blog's order (newest first, then id) read backwards: keyset pages and sitemap chunks.
    index("posts_account_published").on(t.accountId, t.status, t.publishedAt, t.id),
    // That order must be total: a published post always has its date.
    check(
      "posts_published_dated",
      sql`${t.status} not in ('published', 'scheduled') or ${t.publishedAt} is not null`,
    ),
    // The editors' list: newest change first, per state.
    index("posts_account_updated").on(t.accountId, t.status, t.updatedAt),
    // Site search (features/search): trigram matching on the title.
    index("posts_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("posts"),
  ],
);
