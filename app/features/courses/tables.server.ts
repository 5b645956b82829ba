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

export type FeaturedImage = { image?: string; alt?: string };

export const courses = pgTable(
  "courses",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    featuredImage: jsonb("featured_image").$type<FeaturedImage>().notNull().default({}),
    /** Price in the currency's minor units; 0 = free. */
    price: integer("price").notNull().default(0),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("courses_account_slug").on(t.accountId, t.slug),
    // Site search (features/search): trigram matching on the title.
    index("courses_title_trgm").using("gin", t.title.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("courses"),
  ],
);

/** A course's curriculum. The composite key makes a lesson of another account's course impossible. */
export const lessons = pgTable(
  "lessons",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    courseId: uuid("course_id").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("lessons_account_course_position").on(t.accountId, t.courseId, t.position),
    foreignKey({
      columns: [t.accountId, t.courseId],
      foreignColumns: [courses.accountId, courses.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("lessons"),
  ],
);
