import {
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
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import type { PageData } from "./validation";

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
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    /**
     * A plain page answers at `/{slug}`; a doc belongs to the account's documentation at
     * `/docs/{slug}`, listed in `position` order (docs/decisions/011-docs-are-pages.md).
     */
    kind: text("kind", { enum: ["page", "doc"] })
      .notNull()
      .default("page"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("pages_account_slug").on(t.accountId, t.slug),
    index("pages_account_kind").on(t.accountId, t.kind, t.status, t.position),
    // Site search (features/search): trigram matching on the title.
    index("pages_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("pages"),
  ],
);
