import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type { PageData } from "./validation";

/** What a search engine and a shared link show; empty fields fall back to the page's own. */
export type PageSeo = { title?: string; description?: string; image?: string };

/**
 * A page's life, as a post's (docs/decisions/024): draft, scheduled, published, or trashed
 * (remembering the state it left). Only `published` is public.
 */
export const pageStatuses = ["draft", "scheduled", "published", "trashed"] as const;

export const pages = pgTable(
  "pages",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** Page-builder document in Puck's data format (docs/decisions/006-page-data-format.md). */
    data: jsonb("data").$type<PageData>().notNull(),
    status: text("status", { enum: pageStatuses }).notNull().default("draft"),
    /**
     * A plain page answers at `/{slug}`; a doc belongs to the account's documentation at
     * `/docs/{slug}`, listed in `position` order (docs/decisions/011-docs-are-pages.md). A funnel
     * page is a funnel step's, shown only at `/f/{funnel}/{step}` (decision 063).
     */
    kind: text("kind", { enum: ["page", "doc", "funnel"] })
      .notNull()
      .default("page"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The doc this doc sits under in the docs tree (null: top level); pages have none. */
    parentId: uuid("parent_id"),
    /** The person who made it (users.id); null for seeded pages. */
    authorId: text("author_id"),
    seo: jsonb("seo").$type<PageSeo>().notNull().default({}),
    /** Bumped by every save: an editor sends the version it loaded, so no save is lost unseen. */
    version: integer("version").notNull().default(1),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    trashedAt: timestamp("trashed_at", { withTimezone: true }),
    /** The state a trashed page returns to. */
    trashedFrom: text("trashed_from", { enum: ["draft", "scheduled", "published"] }),
    /**
     * A translation is a page (or doc) of its own tied to its original, as a post's
     * (docs/decisions/025-content-translations.md): both null on an original.
     */
    translationOf: uuid("translation_of"),
    language: text("language"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // A translation answers at its original's address: only originals claim a slug.
    uniqueIndex("pages_account_slug")
      .on(t.accountId, t.slug)
      .where(sql`${t.translationOf} is null`),
    uniqueIndex("pages_translation_language")
      .on(t.accountId, t.translationOf, t.language)
      .where(sql`${t.translationOf} is not null`),
    check("pages_translation_pair", sql`(${t.translationOf} is null) = (${t.language} is null)`),
    foreignKey({
      columns: [t.accountId, t.translationOf],
      foreignColumns: [t.accountId, t.id],
      name: "pages_translation_fk",
    }).onDelete("cascade"),
    index("pages_account_kind").on(t.accountId, t.kind, t.status, t.position),
    // The editors' list: newest change first, per kind and state.
    index("pages_account_updated").on(t.accountId, t.kind, t.status, t.updatedAt),
    check("pages_scheduled_dated", sql`${t.status} <> 'scheduled' or ${t.publishedAt} is not null`),
    // A doc's parent is a page of the same account (deleting one lifts its children first).
    foreignKey({
      columns: [t.accountId, t.parentId],
      foreignColumns: [t.accountId, t.id],
      name: "pages_parent_fk",
    }),
    // Site search (features/search): trigram matching on the title.
    index("pages_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("pages"),
  ],
);
