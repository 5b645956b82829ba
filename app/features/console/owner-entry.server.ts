// "Open the site's dashboard as its owner" (issue 17 scope 7). A super-admin's session belongs
// to the site it was opened on (decision 017), and signing in on another site would only make
// them a member there, with the console's menu rather than the owner's view. So the console
// issues an entry instead:
//
// - a random 256-bit token, good for 60 seconds and one use, for one site, its first owner and
//   the super-admin's address; only its SHA-256 is stored (`verifications`, global, so every
//   instance sees it, and the expired ones go with the auth cleanup job);
// - the site's own host redeems it (GET /api/console/enter?token=…): the row is deleted as it is
//   used, so a second use finds nothing, and the owner gets a session of that site, one hour
//   long, whose cookie ends with the browser;
// - issuing and redeeming each write an audit row, in the transaction that writes or deletes the
//   token. A random token stored hashed, rather than an HMAC-signed one, makes "used once" a
//   single delete every instance agrees on, and leaves nothing to forge without the database.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { siteOrigin } from "~/features/accounts/accounts.server";
import { withTrustedHeaders, type RequestFacts } from "~/features/auth/auth";
import { openSession, type Auth } from "~/features/auth/auth.server";
import { verifications } from "~/features/auth/tables.server";
import { loadMembership } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { findConsoleAccount, type SitePlace } from "./account-list.server";
import { peopleOf } from "./account-people.server";
import { auditedGlobalChange, type Actor } from "./audit.server";

export const ENTRY_LIFETIME_MS = 60_000;
/** The owner's session the entry opens: long enough to look around, never remembered. */
export const ENTRY_SESSION_SECONDS = 60 * 60;
export const ENTRY_PATH = "/api/console/enter";

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const entrySchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  clientIp: z.string(),
});
type Entry = z.infer<typeof entrySchema>;

const identifierOf = (token: string) =>
  `console-entry:${createHash("sha256").update(token).digest("hex")}`;

/** Issues the entry and answers the address that redeems it, on the site's own host. */
export async function issueOwnerEntry(
  database: Database,
  {
    actor,
    accountId,
    clientIp,
    place,
  }: { actor: Actor; accountId: string; clientIp: string; place: SitePlace },
): Promise<{ url: string }> {
  const account = await findConsoleAccount(database, accountId);
  if (account.suspendedAt) throw new AppError({ code: "console.accountSuspended" });
  const owner = (await peopleOf(database, [accountId])).get(accountId)?.owners[0];
  if (!owner) throw new AppError({ code: "console.noOwner" });
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ENTRY_LIFETIME_MS);
  const entry: Entry = {
    accountId,
    userId: owner.userId,
    actorId: actor.id,
    actorEmail: actor.email,
    clientIp,
  };
  await auditedGlobalChange(
    database,
    {
      actor,
      action: "account.openAsOwner",
      targetAccountId: accountId,
      details: { slug: account.slug, ownerEmail: owner.email, expiresAt: expiresAt.toISOString() },
    },
    (tx) =>
      tx.insert(verifications).values({
        id: randomUUID(),
        identifier: identifierOf(token),
        value: JSON.stringify(entry),
        expiresAt,
      }),
  );
  const origin = siteOrigin({ slug: account.slug, domain: account.domain, ...place });
  return { url: `${origin}${ENTRY_PATH}?token=${token}` };
}

/** The entry, if it is live, for this site and this address (else nobody learns why). */
async function readEntry(
  database: Database,
  { token, accountId, clientIp }: { token: string; accountId: string; clientIp: string },
): Promise<Entry> {
  const [row] = await database.owner
    .select({ value: verifications.value })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, identifierOf(token)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const entry = row ? entrySchema.safeParse(JSON.parse(row.value)) : null;
  if (!entry?.success || entry.data.accountId !== accountId || entry.data.clientIp !== clientIp)
    throw new AppError({ code: "console.entryExpired" });
  return entry.data;
}

/**
 * Redeems an entry on the site's host: the owner (still its owner) gets a session of this site,
 * answered as Set-Cookie headers. Used once: the delete that consumes the token and the audit
 * row commit together, and a second redemption (here or on any instance) finds nothing.
 */
export async function redeemOwnerEntry(
  { database, auth }: { database: Database; auth: Auth },
  { token, facts, headers }: { token: unknown; facts: RequestFacts; headers: Headers },
): Promise<string[]> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success || !facts.accountId) throw new AppError({ code: "console.entryExpired" });
  const accountId = facts.accountId;
  const entry = await readEntry(database, {
    token: parsed.data,
    accountId,
    clientIp: facts.clientIp,
  });
  const membership = await loadMembership(database, { accountId, userId: entry.userId });
  if (membership?.role !== "site_owner") throw new AppError({ code: "console.entryExpired" });
  await auditedGlobalChange(
    database,
    {
      actor: { id: entry.actorId, email: entry.actorEmail },
      action: "account.openAsOwner.redeemed",
      targetAccountId: accountId,
      details: { ownerEmail: membership.email, clientIp: facts.clientIp },
    },
    async (tx) => {
      const used = await tx
        .delete(verifications)
        .where(
          and(
            eq(verifications.identifier, identifierOf(parsed.data)),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .returning({ id: verifications.id });
      if (used.length === 0) throw new AppError({ code: "console.entryExpired" });
    },
  );
  return openSession(auth, {
    userId: entry.userId,
    headers: withTrustedHeaders(headers, facts),
    expiresInSeconds: ENTRY_SESSION_SECONDS,
  });
}
