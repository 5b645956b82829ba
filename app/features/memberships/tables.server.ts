import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenantIsolationPolicy } from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { members } from "../members/tables.server";
import {
  memberMembershipSources,
  memberMembershipStatuses,
  membershipStatuses,
  ruleResources,
} from "./membership-shapes";

/** A membership level (`/dashboard/manage/ecommerce/memberships`), e.g. Gold. */
export const memberships = pgTable(
  "memberships",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    /** Access lasts this many days from each purchase or renewal (null = while paid / for ever). */
    durationDays: integer("duration_days"),
    status: text("status", { enum: membershipStatuses }).notNull().default("active"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("memberships_account_slug").on(t.accountId, t.slug),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("memberships"),
  ],
);

/** What a level opens: a resource by id, or by tag (`tag` set, `target_id` null). */
export const membershipRules = pgTable(
  "membership_rules",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    membershipId: uuid("membership_id").notNull(),
    resource: text("resource", { enum: ruleResources }).notNull(),
    targetId: uuid("target_id"),
    tag: text("tag"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("membership_rules_level").on(t.accountId, t.membershipId),
    index("membership_rules_target").on(t.accountId, t.resource, t.targetId),
    foreignKey({
      columns: [t.accountId, t.membershipId],
      foreignColumns: [memberships.accountId, memberships.id],
    }).onDelete("cascade"),
    tenantIsolationPolicy("membership_rules"),
  ],
);

/** A person holding a level; `order_id` names the order that gave it (null when given by hand). */
export const memberMemberships = pgTable(
  "member_memberships",
  {
    accountId: uuid("account_id").notNull(),
    membershipId: uuid("membership_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status", { enum: memberMembershipStatuses }).notNull().default("active"),
    source: text("source", { enum: memberMembershipSources }).notNull(),
    orderId: uuid("order_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the hold's running out was told as `membership.ended` (null: not run out, or not yet told). */
    lapseToldAt: timestamp("lapse_told_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.membershipId, t.userId] }),
    index("member_memberships_user").on(t.accountId, t.userId),
    foreignKey({
      columns: [t.accountId, t.membershipId],
      foreignColumns: [memberships.accountId, memberships.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.userId],
      foreignColumns: [members.accountId, members.userId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("member_memberships"),
  ],
);
