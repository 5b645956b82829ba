import { randomBytes, randomUUID } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { sql, type SQL } from "drizzle-orm";
import { announceMembershipChange, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { LanguageCode } from "~/platform/i18n/languages";
import { textIn } from "~/platform/i18n/messages.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { RateLimits } from "~/platform/rate-limits/rate-limits.server";
import { quoted } from "./catalog.server";
import { ERASURE_RULES, type ErasureRule } from "./erasure-policy.server";
import type { ErasureStanding } from "./export-shapes";

/** Capabilities a member may hold and still delete their own account: a parent's view of their children's progress. */
const MEMBER_CAPS: ReadonlySet<string> = new Set(["manage_stats"]);

const liveSubscription = sql`status in ('trialing', 'active', 'past_due') and not cancel_at_period_end`;

export async function erasureStanding(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer },
): Promise<ErasureStanding> {
  if (viewer.membership?.caps.some((cap) => !MEMBER_CAPS.has(cap)))
    return { allowed: false, reason: "staff" };
  const userId = viewer.user.id;
  const [live, hash] = await Promise.all([
    database.readAccount(accountId, (tx) =>
      tx.execute(sql`select 1 from subscriptions
        where account_id = ${accountId} and user_id = ${userId} and ${liveSubscription} limit 1`),
    ),
    passwordHash(database.owner, userId),
  ]);
  if (live.rows.length > 0) return { allowed: false, reason: "subscription" };
  return { allowed: true, confirmWith: hash ? "password" : "email" };
}

async function passwordHash(db: Pick<Tx, "execute">, userId: string) {
  const { rows } = await db.execute<{ password: string | null }>(
    sql`select password from auth_accounts where user_id = ${userId} and provider_id = 'credential'`,
  );
  return rows[0]?.password ?? null;
}

export type ErasureResult = {
  /** Rows kept for the site's records, now naming the deleted member, by table. */
  anonymised: Record<string, number>;
  deleted: Record<string, number>;
  /** Whether the person went entirely (no other site knew them) or only from this site. */
  personRemoved: boolean;
};

/**
 * A member deletes their account on this site (decision 082): the rows the policy calls theirs
 * go, the site's records of what happened stay naming a "Deleted member" made for them, their
 * sessions here end. All of it in one transaction; then, when no other site knows them, the
 * person themselves (their sign-in, second factor and every session) in a second one.
 */
export async function eraseMember(
  database: Database,
  {
    accountId,
    viewer,
    confirmation,
    deletedName,
  }: { accountId: string; viewer: Viewer; confirmation: string; deletedName: string },
): Promise<ErasureResult> {
  // Only a member of this site has an account here to delete.
  if (!viewer.membership || viewer.membership.accountId !== accountId)
    throw new AppError({ code: "route.notFound" });
  const standing = await erasureStanding(database, { accountId, viewer });
  if (!standing.allowed)
    throw new AppError({
      code: standing.reason === "staff" ? "erasure.staff" : "erasure.liveSubscription",
    });
  const userId = viewer.user.id;
  const result = await database.ownerThenAccount(async (tx, enterAccount) => {
    // One erasure of a person at a time (a second click finds nothing left to delete).
    const { rows: people } = await tx.execute<{ email: string }>(
      sql`select email from users where id = ${userId} for update`,
    );
    const email = people[0]?.email;
    if (!email) throw new AppError({ code: "route.notFound" });
    await confirm(tx, { userId, email, confirmation });
    const stand = await makeStandIn(tx, deletedName);
    await tx.execute(
      sql`delete from sessions where user_id = ${userId} and tenant_id = ${accountId}`,
    );
    await enterAccount(accountId);
    // The stand-in joined when they did: the site's people list keeps its order and its dates.
    const { rows: member } = await tx.execute(sql`insert into members
        (account_id, user_id, name, slug, email, role_id, suspended_at, created_at)
      select ${accountId}, ${stand.id}, ${deletedName}, ${`deleted-${stand.id.slice(0, 8)}`},
             ${stand.email}, r.role_id, now(), m.created_at
        from members m join roles r on r.account_id = m.account_id and r.is_default
       where m.account_id = ${accountId} and m.user_id = ${userId}
       limit 1
      returning 1`);
    if (member.length === 0) throw new AppError({ code: "route.notFound" });
    const anonymised: Record<string, number> = {};
    const deleted: Record<string, number> = {};
    for (const rule of ERASURE_RULES) {
      const count = await applyRule(tx, rule, { accountId, userId, email, stand });
      const tally =
        rule.action === "delete" ? deleted : rule.action === "anonymise" ? anonymised : null;
      if (tally && count > 0) tally[rule.table] = (tally[rule.table] ?? 0) + count;
    }
    return { anonymised, deleted };
  });
  const personRemoved = await removeIfNoSiteLeft(database, userId);
  return { ...result, personRemoved };
}

async function confirm(
  tx: Tx,
  { userId, email, confirmation }: { userId: string; email: string; confirmation: string },
) {
  const hash = await passwordHash(tx, userId);
  const confirmed = hash
    ? await verifyPassword({ hash, password: confirmation }).catch(() => false)
    : confirmation.trim().toLowerCase() === email.toLowerCase();
  if (!confirmed) throw new AppError({ code: "erasure.notConfirmed" });
}

type StandIn = { id: string; email: string; name: string };

/** The "Deleted member" the site's records name instead: a person of their own with no sign-in. */
async function makeStandIn(tx: Tx, name: string): Promise<StandIn> {
  const id = randomUUID();
  // `.invalid` is reserved (RFC 2606): no mail is ever delivered there.
  const email = `deleted-${randomBytes(6).toString("hex")}@deleted.invalid`;
  await tx.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    values (${id}, ${name}, ${email}, false, now(), now())`);
  return { id, email, name };
}

/** The rows of `rule.table` in the account that name the person by any of the rule's columns. */
function naming(
  rule: ErasureRule,
  { accountId, userId, email }: { accountId: string; userId: string; email: string },
): SQL {
  const matches = [
    ...rule.ids.map((column) => sql`${sql.raw(quoted(column))} = ${userId}`),
    ...(rule.emails ?? []).map(
      (column) => sql`lower(${sql.raw(quoted(column))}) = lower(${email})`,
    ),
  ];
  return sql`account_id = ${accountId} and (${sql.join(matches, sql` or `)})`;
}

async function applyRule(
  tx: Tx,
  rule: ErasureRule,
  who: { accountId: string; userId: string; email: string; stand: StandIn },
): Promise<number> {
  const table = sql.raw(quoted(rule.table));
  const where = naming(rule, who);
  if (rule.action === "delete") {
    const { rows } = await tx.execute(sql`delete from ${table} where ${where} returning 1`);
    return rows.length;
  }
  const column = (name: string) => sql.raw(quoted(name));
  const sets =
    rule.action === "forget"
      ? rule.ids.map((name) => sql`${column(name)} = nullif(${column(name)}, ${who.userId})`)
      : [
          ...rule.ids.map(
            (name) =>
              sql`${column(name)} = case when ${column(name)} = ${who.userId} then ${who.stand.id} else ${column(name)} end`,
          ),
          ...(rule.emails ?? []).map(
            (name) =>
              sql`${column(name)} = case when lower(${column(name)}) = lower(${who.email}) then ${who.stand.email} else ${column(name)} end`,
          ),
          ...(rule.names ?? []).map((name) => sql`${column(name)} = ${who.stand.name}`),
          ...(rule.blank ?? []).map((name) => sql`${column(name)} = ''`),
        ];
  const { rows } = await tx.execute(
    sql`update ${table} set ${sql.join(sets, sql`, `)} where ${where} returning 1`,
  );
  return rows.length;
}

/**
 * The person themselves, once no site has them as a member: their sign-in, second factor and
 * sessions go with them (the references to `users` cascade). Someone who is still a member of
 * another site keeps their sign-in there.
 */
async function removeIfNoSiteLeft(database: Database, userId: string): Promise<boolean> {
  const { rows } = await database.owner.execute(
    sql`delete from users where id = ${userId}
          and not exists (select 1 from members where user_id = ${userId}) returning 1`,
  );
  return rows.length > 0;
}

/**
 * The profile's "Delete my account": the erasure, named in the person's language, and every
 * instance told that the membership is gone (its cache would otherwise hold it a while).
 */
export async function deleteOwnAccount(
  {
    database,
    pubsub,
    lang,
    rateLimits,
  }: { database: Database; pubsub: PubSub; lang: LanguageCode; rateLimits: RateLimits },
  { accountId, viewer, confirmation }: { accountId: string; viewer: Viewer; confirmation: string },
): Promise<ErasureResult> {
  // The password is asked again: a borrowed session must not be able to guess it here.
  await rateLimits
    .create("account-erasure", { points: 5, duration: 15 * 60 })
    .take(`${accountId}:${viewer.user.id}`, "request.tooMany");
  const deletedName = textIn(lang, "profile.delete.deletedName");
  const result = await eraseMember(database, { accountId, viewer, confirmation, deletedName });
  await announceMembershipChange(pubsub, { accountId, userId: viewer.user.id });
  return result;
}
