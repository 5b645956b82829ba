import { generateRandomString } from "better-auth/crypto";
import { uniqueViolation } from "~/platform/db/unique-violation";
import { addMember } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { Auth } from "./auth.server";
import { authAccounts, users } from "./tables.server";

/** Ids as better-auth makes them (32 letters and digits), so every person looks alike. */
export const newAuthId = () => generateRandomString(32, "a-z", "A-Z", "0-9");

export type NewPerson = {
  name: string;
  email: string;
  /** A better-auth hash (`hashPassword` from better-auth/crypto) of the chosen password. */
  passwordHash: string;
  /** E.164; a person who signs up with a phone has proved it with a texted code. */
  phoneNumber?: string;
};

export type Person = { id: string; name: string; email: string; emailVerified: boolean };

/**
 * Inside the caller's transaction, as the owner: a person and their password sign-in, the two
 * rows better-auth would write on sign-up. Their membership is the caller's to add, in the
 * same transaction (`Database.ownerThenAccount`).
 */
export async function insertPerson(tx: Tx, person: NewPerson): Promise<Person> {
  const [user] = await tx
    .insert(users)
    .values({
      id: newAuthId(),
      name: person.name,
      email: person.email.toLowerCase(),
      emailVerified: false,
      phoneNumber: person.phoneNumber ?? null,
      phoneNumberVerified: person.phoneNumber ? true : null,
    })
    .returning({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
    });
  await tx.insert(authAccounts).values({
    id: newAuthId(),
    providerId: "credential",
    providerAccountId: user!.id,
    userId: user!.id,
    password: person.passwordHash,
  });
  return user!;
}

export { uniqueViolation };

/** Two sign-ups with one name can race for one member slug: the loser simply tries again. */
const SLUG_RETRIES = 3;

/**
 * A new person who is a member of the account (its default role), in one transaction: after
 * any crash they either exist with their credential and membership, or not at all. Null when
 * the address was taken in the meantime (the caller answers as for a known address).
 */
export async function createMemberPerson(
  database: Database,
  { accountId, person }: { accountId: string; person: NewPerson },
): Promise<Person | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.ownerThenAccount(async (tx, enterAccount) => {
        const user = await insertPerson(tx, person);
        await enterAccount(accountId);
        await addMember(tx, { accountId, user });
        return user;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "members_account_slug" && attempt < SLUG_RETRIES) continue;
      if (constraint?.startsWith("users_")) return null;
      throw error;
    }
  }
}

/** A request to better-auth as this site, so its mail names and links to the site. */
const siteRequest = (origin: string, headers: Headers) =>
  new Request(`${origin}/api/auth`, { method: "POST", headers });

/**
 * After the commit: the verification mail, through better-auth (its token, its link). A crash
 * before it leaves a complete, unverified person, who gets a new link by signing in.
 */
export async function sendVerification(
  auth: Auth,
  {
    userId,
    origin,
    headers,
    callbackURL = "/",
  }: { userId: string; origin: string; headers: Headers; callbackURL?: string },
): Promise<void> {
  await auth.api.sendSignUpVerification({
    body: { userId, callbackURL },
    headers,
    request: siteRequest(origin, headers),
    asResponse: false,
  });
}

/**
 * After the commit: a session on this site for the new person, as Set-Cookie headers. With
 * `expiresInSeconds`, a short session whose cookie is not remembered past the browser.
 */
export async function openSession(
  auth: Auth,
  {
    userId,
    headers,
    expiresInSeconds,
  }: { userId: string; headers: Headers; expiresInSeconds?: number },
): Promise<string[]> {
  const { headers: answer } = await auth.api.openSignUpSession({
    body: { userId, ...(expiresInSeconds ? { expiresInSeconds } : {}) },
    headers,
    returnHeaders: true,
  });
  return answer.getSetCookie();
}
