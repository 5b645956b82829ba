import {
  bigint,
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
import type { MediaVariant } from "./media-types";

export const mediaKinds = ["image", "video", "audio", "document", "other"] as const;

/**
 * A file in an account's media library. The bytes live in storage under `storage_key` (and its
 * image variants beside it) or, for a video sent to Bunny Stream, at Bunny (`bunny_video_id`).
 * `size_bytes` counts the original and its variants: what the plan's storage limit is charged.
 */
export const media = pgTable(
  "media",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    /** Who uploaded it (users.id): everyone sees and edits their own. */
    ownerId: text("owner_id"),
    kind: text("kind", { enum: mediaKinds }).notNull(),
    /** Decided from the content, never from the name or the browser's claim. */
    mime: text("mime").notNull(),
    originalName: text("original_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt").notNull().default(""),
    /** A path such as "events/2026"; "" is the top. */
    folder: text("folder").notNull().default(""),
    storageKey: text("storage_key"),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default([]),
    bunnyVideoId: text("bunny_video_id"),
    bunnyUrl: text("bunny_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("media_account_created").on(t.accountId, t.createdAt),
    index("media_account_owner").on(t.accountId, t.ownerId, t.createdAt),
    index("media_account_storage_key").on(t.accountId, t.storageKey),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("media"),
  ],
);
