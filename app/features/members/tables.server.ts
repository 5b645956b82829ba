import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  platformDeskReadPolicy,
  tenantIsolationPolicy,
} from "../../platform/db/tenant-policy.server";
import { accounts } from "../accounts/tables.server";
import { users } from "../auth/tables.server";

/** An account's roles and their capabilities (spec §3 Role, §6). */
export const roles = pgTable(
  "roles",
  {
    accountId: uuid("account_id").notNull(),
    roleId: uuid("role_id").notNull().defaultRandom(),
    /** Stable name of a default role (student, instructor, parent, site_owner) or a custom one. */
    name: text("name").notNull(),
    caps: text("caps").array().notNull().default([]),
    /** The role a new sign-up on this account's site receives. */
    isDefault: boolean("is_default").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.roleId] }),
    uniqueIndex("roles_account_name").on(t.accountId, t.name),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    tenantIsolationPolicy("roles"),
    platformDeskReadPolicy("roles"),
  ],
);

/** A person's membership of one account (spec §3 Member). */
export const members = pgTable(
  "members",
  {
    accountId: uuid("account_id").notNull(),
    id: uuid("id").notNull().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    email: text("email").notNull(),
    roleId: uuid("role_id").notNull(),
    avatar: text("avatar"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Issue 35: a manager suspended them; they keep their account but not this site's dashboard. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** Issue 35: an e-mail now and then about messages left unread (they can turn it off). */
    messageDigest: boolean("message_digest").notNull().default(true),
    /** Issue 35 (decision 071): a few words about them, plain text, on their profile. */
    bio: text("bio").notNull().default(""),
    /** Issue 35 (decision 071): they let visitors see their profile, where the site allows it. */
    profilePublic: boolean("profile_public").notNull().default(false),
    /** Issue 35 (decision 074): up to three web addresses of theirs, shown on their profile. */
    links: text("links").array().notNull().default([]),
    /**
     * Issue 35 (decision 074): the newest activity of any session of theirs on this site, kept
     * by the database as sessions are written (a trigger on `sessions`), so it outlives them.
     */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("members_account_user").on(t.accountId, t.userId),
    uniqueIndex("members_account_slug").on(t.accountId, t.slug),
    // The activity feed's new members, newest first.
    index("members_joined").on(t.accountId, t.createdAt),
    // The Members screen's "last seen" filter.
    index("members_last_seen").on(t.accountId, t.lastSeenAt),
    // Site search (features/search): members are found by name.
    index("members_name_trgm").using("gin", t.name.op("gin_trgm_ops")),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.roleId],
      foreignColumns: [roles.accountId, roles.roleId],
    }),
    tenantIsolationPolicy("members"),
    platformDeskReadPolicy("members"),
  ],
);

/**
 * Issue 35: an invitation (decisions 072, 074). Whoever joins the site with this address
 * (signed up and verified, or signing in) while it is current joins with its role; the row goes
 * as they join, and the Members screen lists those still waiting.
 */
export const memberInvites = pgTable(
  "member_invites",
  {
    accountId: uuid("account_id").notNull(),
    /** Lower case, as the invitation's addresses are. */
    email: text("email").notNull(),
    /** The role they join with; null: the site's default role when they join. */
    roleId: uuid("role_id"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.email] }),
    foreignKey({ columns: [t.accountId], foreignColumns: [accounts.accountId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.accountId, t.roleId],
      foreignColumns: [roles.accountId, roles.roleId],
    }).onDelete("cascade"),
    tenantIsolationPolicy("member_invites"),
  ],
);
