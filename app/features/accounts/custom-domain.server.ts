// The custom domain (issue 17 scope 4): the owner names a domain, adds the TXT record it is
// given, and the site answers at the domain once the record is found through the deployment's
// resolver (DNS_RESOLVER, else the system's). Routes check who asks; these check the domain.
import { randomBytes } from "node:crypto";
import type { Database } from "~/platform/db/database.server";
import type { TxtLookup } from "~/platform/dns.server";
import { AppError } from "~/platform/errors";
import { changeAccountSettings } from "./accounts.server";
import {
  customDomainSchema,
  domainRecordName,
  domainRecordValue,
  type DomainState,
} from "./custom-domain";
import {
  findAccountByDomain,
  findAccountById,
  lockAccountSettings,
  writeAccountDomain,
  writeAccountSettings,
} from "./queries.server";
import type { AccountSummary } from "./tenant";
import type { AccountSettings } from "./validation";

/** The domain and the pending claim, as the app screen shows them. */
export function domainStateOf(account: Pick<AccountSummary, "domain" | "settings">): DomainState {
  const claim = account.settings.domain_claim;
  return {
    domain: account.domain,
    claim: claim
      ? {
          domain: claim.domain,
          recordName: domainRecordName(claim.domain),
          recordValue: domainRecordValue(claim.token),
          requestedAt: claim.requested_at,
        }
      : null,
  };
}

/** A unique violation (SQLSTATE 23505), on the error or on a wrapper's cause. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object";) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The domain belongs to another account (read as the app: the registry is public). */
async function heldByAnother(database: Database, { accountId, domain }: Domain) {
  const holder = await database.asApp((tx) => findAccountByDomain(tx, domain));
  return holder !== undefined && holder.accountId !== accountId;
}

type Domain = { accountId: string; domain: string };

/**
 * Checks the domain the owner typed (the pattern; not the platform's base domain or one of its
 * sub-domains, which are the sites' own addresses; not another site's) and gives it a fresh
 * token to publish. The site keeps answering at its current address until the record is found.
 */
export async function claimCustomDomain(
  database: Database,
  { accountId, input, baseDomain }: { accountId: string; input: string; baseDomain: string },
): Promise<DomainState> {
  const parsed = customDomainSchema.safeParse(input);
  if (!parsed.success) throw new AppError({ code: "domain.invalid" });
  const domain = parsed.data;
  if (domain === baseDomain || domain.endsWith(`.${baseDomain}`))
    throw new AppError({ code: "domain.platform" });
  if (await heldByAnother(database, { accountId, domain }))
    throw new AppError({ code: "domain.taken" });
  const current = await database.asApp((tx) => findAccountById(tx, accountId));
  if (!current) throw new AppError({ code: "tenant.notFound" });
  // The domain the site already answers at: nothing to prove again.
  const claim =
    current.domain === domain
      ? null
      : {
          domain,
          token: randomBytes(16).toString("hex"),
          requested_at: new Date().toISOString(),
        };
  const settings = await changeAccountSettings(database, {
    accountId,
    changes: { domain_claim: claim },
  });
  return domainStateOf({ domain: current.domain, settings });
}

/**
 * Looks the claim's TXT record up and, only when one of its records is exactly the value the
 * owner was given, makes the domain the site's. A missing record, a different value or a
 * resolver that does not answer changes nothing and says which it was.
 */
export async function verifyCustomDomain(
  database: Database,
  { accountId, lookup }: { accountId: string; lookup: TxtLookup },
): Promise<DomainState> {
  const current = await database.asApp((tx) => findAccountById(tx, accountId));
  if (!current) throw new AppError({ code: "tenant.notFound" });
  const claim = current.settings.domain_claim;
  if (!claim) throw new AppError({ code: "domain.noClaim" });
  if (await heldByAnother(database, { accountId, domain: claim.domain }))
    throw new AppError({ code: "domain.taken" });
  // Over the network, outside any transaction.
  const answer = await lookup(domainRecordName(claim.domain));
  if (answer.kind === "failed") throw new AppError({ code: "domain.lookupFailed" });
  if (answer.kind === "none" || answer.records.length === 0)
    throw new AppError({ code: "domain.recordMissing" });
  const expected = domainRecordValue(claim.token);
  if (!answer.records.some((record) => record.trim() === expected))
    throw new AppError({ code: "domain.recordMismatch" });

  try {
    return await database.forAccount(accountId, async (tx) => {
      const settings = await lockAccountSettings(tx, accountId);
      // Claimed again (a new token) while the lookup ran: that claim is the one to verify.
      if (!settings || settings.domain_claim?.token !== claim.token)
        throw new AppError({ code: "domain.noClaim" });
      const { domain_claim: _verified, ...rest } = settings;
      await writeAccountDomain(tx, { accountId, domain: claim.domain });
      await writeAccountSettings(tx, { accountId, settings: rest as AccountSettings });
      return domainStateOf({ domain: claim.domain, settings: rest });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError({ code: "domain.taken" });
    throw error;
  }
}

/** Forgets a domain asked for and not verified; the verified one (if any) stays. */
export async function cancelDomainClaim(
  database: Database,
  { accountId }: { accountId: string },
): Promise<DomainState> {
  const settings = await changeAccountSettings(database, {
    accountId,
    changes: { domain_claim: null },
  });
  const current = await database.asApp((tx) => findAccountById(tx, accountId));
  return domainStateOf({ domain: current?.domain ?? null, settings });
}

/** The site answers at its sub-domain only again; a pending claim goes too. */
export async function removeCustomDomain(
  database: Database,
  { accountId }: { accountId: string },
): Promise<DomainState> {
  return database.forAccount(accountId, async (tx) => {
    const settings = await lockAccountSettings(tx, accountId);
    if (!settings) throw new AppError({ code: "tenant.notFound" });
    const { domain_claim: _dropped, ...rest } = settings;
    await writeAccountDomain(tx, { accountId, domain: null });
    await writeAccountSettings(tx, { accountId, settings: rest as AccountSettings });
    return domainStateOf({ domain: null, settings: rest });
  });
}
