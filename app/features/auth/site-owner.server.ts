import { verifyPassword } from "better-auth/crypto";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { callAuth, type Auth } from "./auth.server";
import { deleteUserById, findUserWithPassword } from "./queries.server";
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
  const reasons = passwordWeaknesses(password, [name, email]);
  if (reasons.length > 0) throw new AppError({ code: "auth.weakPassword", details: { reasons } });
  return null;
}

/**
 * A new person, created by better-auth on the new site's origin: its password hashing, and its
 * verification mail, whose link opens (and signs the person in on) the new site.
 */
export async function registerSiteOwner(
  { auth, origin, headers }: { auth: Auth; origin: string; headers: Headers },
  input: { name: string; email: string; password: string },
): Promise<OwnerIdentity> {
  const created = await callAuth(auth, { origin, headers, path: "/sign-up/email", body: input });
  if (created.status === 429) throw new AppError({ code: "auth.tooManyRequests" });
  // Someone took the address between the check and now.
  if (created.status === 422) throw new AppError({ code: "auth.emailInUse" });
  if (!created.ok) throw new Error(`owner sign-up failed with ${created.status}`);
  const { user } = (await created.json()) as { user: Omit<OwnerIdentity, "emailVerified"> };
  return { ...user, emailVerified: false };
}

/** Undoes `registerSiteOwner` when the rest of a site's creation fails. */
export function removeUser(database: Database, userId: string): Promise<void> {
  return deleteUserById(database, userId);
}
