// Issue 35 what the site's managers do to members: change a role, suspend and reinstate,
// remove, invite. Every command checks manage_options first and runs in the site's RLS context.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { INVITE_DAYS } from "~/features/members/members";
import { announceMembershipChange } from "~/features/members/members.server";
import { memberInvites, members, roles } from "~/features/members/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf } from "~/platform/field-issues";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { requireMembersManager, type MembersRequest } from "./member-directory.server";
import { MEMBER_INVITE_JOB } from "./member-invites.server";
import { activeOwners, memberRecords, memberWithRole, ownsSite } from "./member-profile.server";
import {
  DAY_MS,
  memberCommandSchema,
  OWNER_ROLE,
  type MemberAnswer,
  type MemberCommand,
} from "./member-shapes";

export type MemberCommandDeps = {
  database: Database;
  pubsub: PubSub;
  jobs: Pick<JobQueue, "send">;
};

type Place = MembersRequest & {
  /** The site's address for the invitation's link (the request's canonical origin). */
  linkOrigin?: string;
  now: Date;
};

/**
 * The Members screens' commands (one JSON body naming its `intent`). A body that does not read
 * as a command answers its field issues (400); a refusal of the rules throws its AppError.
 */
export async function commandMembers(
  { database, pubsub, jobs }: MemberCommandDeps,
  request: MembersRequest & { body: unknown; linkOrigin?: string; now?: Date },
): Promise<MemberAnswer> {
  requireMembersManager(request);
  const parsed = memberCommandSchema.safeParse(request.body);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", issues: fieldIssuesOf(parsed.error) };
  const command = parsed.data;
  const place: Place = { ...request, now: request.now ?? new Date() };
  if (command.intent === "invite")
    return database.forAccount(place.accountId, (tx) => invite(tx, place, command, jobs));
  if (command.intent === "revokeInvite")
    return database.forAccount(place.accountId, (tx) => revokeInvite(tx, place, command));
  const answer = await database.forAccount(place.accountId, (tx) =>
    changeMember(tx, place, command),
  );
  if (answer.ok)
    await announceMembershipChange(pubsub, { accountId: place.accountId, userId: command.userId });
  return answer;
}

async function changeMember(
  tx: Tx,
  place: Place,
  command: Exclude<MemberCommand, { intent: "invite" | "revokeInvite" }>,
): Promise<MemberAnswer> {
  const { accountId, viewer, now } = place;
  const { userId } = command;
  // One change of the site's members at a time: two owners demoting each other at once must
  // not leave the site with none.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`members:${accountId}`}))`);
  const target = await memberWithRole(tx, { accountId, userId });
  if (!target) throw new AppError({ code: "members.notFound" });
  if (userId === viewer!.user.id) throw new AppError({ code: "members.self" });
  const ownerNow = target.role === OWNER_ROLE;
  const making = command.intent === "setRole" && command.role === OWNER_ROLE;
  // Owners are made, unmade, suspended, reinstated and removed by owners only.
  if ((ownerNow || making) && !ownsSite(viewer)) throw new AppError({ code: "auth.forbidden" });
  const leavesNoOwner = async () =>
    ownerNow &&
    !target.member.suspendedAt &&
    (await activeOwners(tx, { accountId, except: userId })) === 0;
  const where = and(eq(members.accountId, accountId), eq(members.userId, userId));

  switch (command.intent) {
    case "setRole": {
      const [role] = await tx
        .select({ roleId: roles.roleId, name: roles.name })
        .from(roles)
        .where(and(eq(roles.accountId, accountId), eq(roles.name, command.role)))
        .limit(1);
      if (!role)
        return {
          ok: false,
          code: "request.invalid",
          issues: [{ path: "role", code: "invalid_value" }],
        };
      if (role.name !== OWNER_ROLE && (await leavesNoOwner()))
        throw new AppError({ code: "members.lastOwner" });
      await tx.update(members).set({ roleId: role.roleId }).where(where);
      return { ok: true, intent: command.intent };
    }
    case "suspend":
      if (await leavesNoOwner()) throw new AppError({ code: "members.lastOwner" });
      // Suspended once: a second suspension keeps the first date.
      if (!target.member.suspendedAt)
        await tx.update(members).set({ suspendedAt: now }).where(where);
      return { ok: true, intent: command.intent };
    case "reinstate":
      await tx.update(members).set({ suspendedAt: null }).where(where);
      return { ok: true, intent: command.intent };
    case "remove": {
      if (await leavesNoOwner()) throw new AppError({ code: "members.lastOwner" });
      // Orders keep their buyer's membership (their foreign key does not cascade): suspend instead.
      if ((await memberRecords(tx, { accountId, userId })).orders > 0)
        throw new AppError({ code: "members.hasOrders" });
      await tx.delete(members).where(where);
      return { ok: true, intent: command.intent };
    }
  }
}

/**
 * Invitations: an address that is already a member's is said so; every other one is mailed the
 * site's sign-up link (a job, sent once the transaction commits). Whether the address has a
 * sign-in elsewhere on the platform is never looked at, so the answer tells a manager nothing
 * about people outside the site; whoever signs up or signs in on the site with that address
 * within INVITE_DAYS joins it with the role invited with, or the site's default role. Invited
 * again, an address's invitation starts over with the last role chosen.
 */
async function invite(
  tx: Tx,
  { accountId, linkOrigin, now }: Place,
  command: Extract<MemberCommand, { intent: "invite" }>,
  jobs: MemberCommandDeps["jobs"],
): Promise<MemberAnswer> {
  // A role to join with: one of the site's, never an owner's (owners are made by owners, from a
  // member's page, decision 072).
  const [role] = command.role
    ? await tx
        .select({ roleId: roles.roleId, name: roles.name })
        .from(roles)
        .where(and(eq(roles.accountId, accountId), eq(roles.name, command.role)))
        .limit(1)
    : [];
  if (command.role && (!role || role.name === OWNER_ROLE))
    return {
      ok: false,
      code: "request.invalid",
      issues: [{ path: "role", code: "invalid_value" }],
    };
  const emails = [...new Set(command.emails)];
  const found = await tx
    .select({ email: sql<string>`lower(${members.email})` })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(sql`lower(${members.email})`, emails)));
  const known = new Set(found.map((row) => row.email));
  const invited = emails.filter((email) => !known.has(email));
  // Invitations long past their time are forgotten as new ones are made.
  await tx
    .delete(memberInvites)
    .where(
      and(
        eq(memberInvites.accountId, accountId),
        lt(memberInvites.invitedAt, new Date(now.getTime() - 2 * INVITE_DAYS * DAY_MS)),
      ),
    );
  if (invited.length > 0)
    await tx
      .insert(memberInvites)
      .values(invited.map((email) => ({ accountId, email, roleId: role?.roleId ?? null })))
      .onConflictDoUpdate({
        target: [memberInvites.accountId, memberInvites.email],
        set: { roleId: role?.roleId ?? null, invitedAt: now },
      });
  const origin = linkOrigin && /^https?:\/\/[^/]+$/.test(linkOrigin) ? linkOrigin : undefined;
  for (const email of invited)
    await jobs.send(
      tx,
      MEMBER_INVITE_JOB,
      { accountId, email, ...(origin ? { origin } : {}) },
      // One waiting invitation per address: a second click does not mail twice.
      { singletonKey: `${accountId}:${email}` },
    );
  return {
    ok: true,
    intent: "invite",
    invited,
    already: emails.filter((email) => known.has(email)),
  };
}

/** A waiting invitation withdrawn: its address joins, if ever, with the site's default role. */
async function revokeInvite(
  tx: Tx,
  { accountId }: Place,
  { email }: Extract<MemberCommand, { intent: "revokeInvite" }>,
): Promise<MemberAnswer> {
  const gone = await tx
    .delete(memberInvites)
    .where(and(eq(memberInvites.accountId, accountId), eq(memberInvites.email, email)))
    .returning({ email: memberInvites.email });
  if (gone.length === 0) throw new AppError({ code: "members.inviteNotFound" });
  return { ok: true, intent: "revokeInvite" };
}
