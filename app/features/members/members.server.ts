import type { Database, Tx } from "~/platform/db/database.server";
import { uniqueViolation } from "~/platform/db/unique-violation";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { slugify } from "~/platform/slugs";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { createTtlCache } from "~/platform/ttl-cache";
import { defaultRoles, type Capability } from "./capabilities";
import {
  findDefaultRole,
  takeInvitedRole,
  findMemberByUser,
  findRole,
  findMembersByEmail,
  findRoleByName,
  insertMember,
  insertRoles,
  slugTaken,
  updateMemberEmail,
} from "./queries.server";

export type Membership = {
  memberId: string;
  accountId: string;
  name: string;
  slug: string;
  email: string;
  avatar: string | null;
  role: string;
  caps: Capability[];
};

/** Who is asking: the signed-in person, their membership of this account, and platform rights. */
export type Viewer = {
  user: { id: string; name: string; email: string; image: string | null };
  membership: Membership | null;
  isSuperAdmin: boolean;
};

/** The one answer to "may this viewer do X here"; every loader, action and handler asks it. */
export function can(viewer: Viewer | null | undefined, cap: Capability): boolean {
  return Boolean(viewer?.membership?.caps.includes(cap));
}

export function requireCapability(viewer: Viewer | null | undefined, cap: Capability): void {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!can(viewer, cap)) throw new AppError({ code: "auth.forbidden" });
}

export async function createDefaultRoles(tx: Tx, accountId: string): Promise<void> {
  await insertRoles(
    tx,
    defaultRoles.map((role) => ({
      accountId,
      name: role.name,
      caps: role.caps,
      isDefault: role.isDefault ?? false,
    })),
  );
}

// Spec §9: roles are read fresh after 50 s; a change invalidates at once.
const membershipCache = createTtlCache<Membership | null>({ ttlMs: 50_000 });
const cacheKey = (accountId: string, userId: string) => `${accountId}:${userId}`;

export function invalidateMembership({
  accountId,
  userId,
}: {
  accountId: string;
  userId?: string;
}) {
  membershipCache.invalidate((key) =>
    userId ? key === cacheKey(accountId, userId) : key.startsWith(`${accountId}:`),
  );
}

/**
 * Issue 35: a member's role, suspension or removal changed, told to every instance (each keeps
 * its own membership cache); the instance that made the change drops its entry at once too.
 */
export const MEMBERSHIP_CHANGED = "members.changed";

export async function announceMembershipChange(
  pubsub: PubSub,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<void> {
  invalidateMembership({ accountId, userId });
  await pubsub.publish({ topic: MEMBERSHIP_CHANGED, accountId, userId });
}

const following = new WeakSet<PubSub>();

/** Drops this instance's cached memberships as other instances change them (server/app.ts). */
export function followMembershipChanges(pubsub: PubSub): void {
  if (following.has(pubsub)) return;
  following.add(pubsub);
  pubsub.subscribe((message) => {
    if (message.topic !== MEMBERSHIP_CHANGED || typeof message.accountId !== "string") return;
    invalidateMembership({
      accountId: message.accountId,
      userId: typeof message.userId === "string" ? message.userId : undefined,
    });
  });
  // Messages may have been missed while the bus was away: read every membership afresh.
  pubsub.onResync(() => membershipCache.invalidate());
}

/**
 * The person's membership of the account. A suspended member (issue 35) is no member for
 * anything they ask (`withSuspended` reads their row anyway, for joining, which must not add
 * them twice).
 */
async function readMembership(
  tx: Tx,
  accountId: string,
  userId: string,
  { withSuspended = false }: { withSuspended?: boolean } = {},
): Promise<Membership | null> {
  const member = await findMemberByUser(tx, { accountId, userId });
  if (!member) return null;
  if (member.suspendedAt && !withSuspended) return null;
  const role = await findRole(tx, { accountId, roleId: member.roleId });
  return {
    memberId: member.id,
    accountId,
    name: member.name,
    slug: member.slug,
    email: member.email,
    avatar: safeUrl(member.avatar),
    role: role?.name ?? "",
    caps: (role?.caps ?? []) as Capability[],
  };
}

export async function loadMembership(
  database: Database,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<Membership | null> {
  const key = cacheKey(accountId, userId);
  const cached = membershipCache.get(key);
  if (cached !== undefined) return cached;
  const membership = await database.forAccount(accountId, (tx) =>
    readMembership(tx, accountId, userId),
  );
  membershipCache.set(key, membership);
  return membership;
}

/** A member's address part from their name, in any script (decision 045). */
const memberSlug = (name: string) => slugify(name, 40) || "member";

/**
 * Inside the caller's transaction: makes the person a member (with the account's default role,
 * or `roleName`) unless they already are. For flows that create more than a membership at once.
 */
export async function addMember(
  tx: Tx,
  {
    accountId,
    user,
    roleName,
  }: { accountId: string; user: { id: string; name: string; email: string }; roleName?: string },
): Promise<Membership> {
  // A suspended member signing in again stays suspended: their row is kept as it is.
  const existing = await readMembership(tx, accountId, user.id, { withSuspended: true });
  if (existing) return existing;
  const role = roleName
    ? await findRoleByName(tx, { accountId, name: roleName })
    : ((await takeInvitedRole(tx, { accountId, email: user.email })) ??
      (await findDefaultRole(tx, accountId)));
  if (!role) throw new Error(`account ${accountId} has no role ${roleName ?? "(default)"}`);
  let slug = memberSlug(user.name);
  for (let n = 2; await slugTaken(tx, { accountId, slug }); n++)
    slug = `${memberSlug(user.name)}-${n}`;
  await insertMember(tx, {
    accountId,
    userId: user.id,
    name: user.name,
    email: user.email,
    slug,
    roleId: role.roleId,
  });
  return (await readMembership(tx, accountId, user.id, { withSuspended: true }))!;
}

/**
 * Makes the person a member of the account (with the account's default role, the role they
 * were invited with, or `roleName`).
 * Does nothing if they already are; one person may belong to many accounts.
 */
export async function joinAccount(
  database: Database,
  {
    accountId,
    user,
    roleName,
  }: { accountId: string; user: { id: string; name: string; email: string }; roleName?: string },
): Promise<Membership> {
  // Two people with one name joining at once race for one member slug: the loser tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      const membership = await database.forAccount(accountId, (tx) =>
        addMember(tx, { accountId, user, roleName }),
      );
      invalidateMembership({ accountId, userId: user.id });
      return membership;
    } catch (error) {
      if (uniqueViolation(error) !== "members_account_slug" || attempt >= 3) throw error;
    }
  }
}

/** A request about an account must come from that account's own site. */
function assertSameAccount(viewer: Viewer | null, accountId: string, hostAccountId: string | null) {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (accountId !== hostAccountId) throw new AppError({ code: "auth.forbidden" });
}

/** A manager (manage_options) of the host's account acting on it, or a super-admin there. */
export function requireSiteManager(
  viewer: Viewer | null,
  { accountId, hostAccountId }: { accountId: string; hostAccountId: string | null },
): void {
  assertSameAccount(viewer, accountId, hostAccountId);
  if (!viewer!.isSuperAdmin) requireCapability(viewer, "manage_options");
}

/**
 * Spec §7 isSiteOwner. Only the site's managers (manage_options) and super-admins may ask, so
 * the call cannot be used to probe who has an account.
 */
export async function isSiteOwner(
  database: Database,
  {
    viewer,
    hostAccountId,
    accountId,
    email,
  }: { viewer: Viewer | null; hostAccountId: string | null; accountId: string; email: string },
): Promise<boolean> {
  requireSiteManager(viewer, { accountId, hostAccountId });
  return database.forAccount(accountId, async (tx) => {
    const found = await findMembersByEmail(tx, { accountId, email: email.toLowerCase() });
    for (const member of found) {
      const role = await findRole(tx, { accountId, roleId: member.roleId });
      if (role?.name === "site_owner") return true;
    }
    return false;
  });
}

/**
 * Spec §7 getUserEmailById: the e-mail of a member of this account, for people who manage its
 * members (manage_options or manage_students) and super-admins. Non-members are "not found".
 */
export async function getMemberEmail(
  database: Database,
  {
    viewer,
    hostAccountId,
    accountId,
    userId,
  }: { viewer: Viewer | null; hostAccountId: string | null; accountId: string; userId: string },
): Promise<{ id: string; email: string; name: string } | null> {
  assertSameAccount(viewer, accountId, hostAccountId);
  if (!viewer!.isSuperAdmin && !can(viewer, "manage_options"))
    requireCapability(viewer, "manage_students");
  const member = await database.forAccount(accountId, (tx) =>
    findMemberByUser(tx, { accountId, userId }),
  );
  return member ? { id: member.userId, email: member.email, name: member.name } : null;
}

/** A person's address lives on each membership too; an account catches up on their next visit. */
export async function syncMemberEmail(
  database: Database,
  { accountId, userId, email }: { accountId: string; userId: string; email: string },
): Promise<void> {
  await database.forAccount(accountId, (tx) => updateMemberEmail(tx, { accountId, userId, email }));
  invalidateMembership({ accountId, userId });
}
export * from "./avatar.server";
export * from "./member-overview.server";
export * from "./member-joins.server";
export * from "./people.server";
