import { hashPassword } from "better-auth/crypto";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { callAuth, type Auth } from "./auth.server";
import { createMemberPerson, sendVerification } from "./person.server";
import { safeRedirect } from "./guards.server";
import { userExists } from "./queries.server";
import { passwordWeaknesses } from "./password-policy.server";
import type { SignUpInput } from "./validation";

export type SignUpOutcome =
  { status: "verify_email" } | { status: "signed_in" | "two_factor"; setCookie: string[] };

/**
 * Sign-up on an account's site, answering the same for a new address and for an existing one
 * with a wrong password (no enumeration): "check your e-mail". A new person is written with
 * their credential and membership in one transaction, then gets a verification link; an existing person with the right password is signed in and joins this
 * account (better-auth's sign-in rate limit applies, so this is no way around it); an existing
 * person with a wrong password is told by e-mail that someone tried.
 */
export async function signUp(
  {
    auth,
    database,
    origin,
    headers,
    accountId,
    notifyExisting,
    joined,
  }: {
    auth: Auth;
    database: Database;
    origin: string;
    headers: Headers;
    accountId: string;
    notifyExisting: (email: string) => Promise<void>;
    /** After a new person is written: what other features note of them (an affiliate's sign-up). */
    joined?: (userId: string) => Promise<void>;
  },
  input: SignUpInput,
): Promise<SignUpOutcome> {
  const reasons = await passwordWeaknesses(input.password, [input.name, input.email]);
  if (reasons.length > 0) throw new AppError({ code: "auth.weakPassword", details: { reasons } });

  if (!(await userExists(database, input.email))) {
    const passwordHash = await hashPassword(input.password);
    const user = await createMemberPerson(database, {
      accountId,
      person: { name: input.name, email: input.email, passwordHash },
    });
    if (user) {
      await joined?.(user.id);
      await sendVerification(auth, {
        userId: user.id,
        origin,
        headers,
        callbackURL: safeRedirect(input.redirectTo, "/"),
      });
      return { status: "verify_email" };
    }
    // The address was taken since we looked: answer as for a known one.
  }
  const signIn = await callAuth(auth, {
    origin,
    headers,
    path: "/sign-in/email",
    body: { email: input.email, password: input.password },
  });
  // A refused attempt (address or account limit) answers as a new address would: the password
  // was not tried, and a 429 here would tell that the address has an account.
  // It takes as long too: the hash a new address gets (issue 31, point 5).
  if (signIn.status === 429) {
    await hashPassword(input.password);
    return { status: "verify_email" };
  }
  if (signIn.ok) {
    const body = (await signIn.json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
    const status = body.twoFactorRedirect ? "two_factor" : "signed_in";
    return { status, setCookie: signIn.headers.getSetCookie() };
  }
  // 403: right password, address not verified yet; better-auth has sent the link again.
  if (signIn.status !== 403) await notifyExisting(input.email);
  return { status: "verify_email" };
}
