import { verifyPassword } from "better-auth/crypto";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { findUserWithPassword } from "./queries.server";
import { passwordWeaknesses } from "./password-policy.server";

export type OwnerIdentity = { id: string; name: string; email: string; emailVerified: boolean };

/**
 * Who will own a new site, decided before anything is written. People are global: an address
 * that already signs in somewhere owns the new site too, but only with that sign-in's password
 * (otherwise anyone could attach a site to a stranger's address). A new address must pass the
 * password policy. Returns the existing person, or null when one must be created.
 */
export async function checkSiteOwner(
  database: Database,
  { name, email, password }: { name: string; email: string; password: string },
): Promise<OwnerIdentity | null> {
  const existing = await findUserWithPassword(database, email);
  if (existing) {
    const matches = existing.hash
      ? await verifyPassword({ hash: existing.hash, password }).catch(() => false)
      : false;
    // Telling "this address has a sign-in" is the price of letting people add sites to it; the
    // platform's sign-up is rate-limited per address to keep that from becoming a lookup service.
    if (!matches) throw new AppError({ code: "auth.emailInUse" });
    const { hash: _hash, ...person } = existing;
    return person;
  }
  const reasons = await passwordWeaknesses(password, [name, email]);
  if (reasons.length > 0) throw new AppError({ code: "auth.weakPassword", details: { reasons } });
  return null;
}
