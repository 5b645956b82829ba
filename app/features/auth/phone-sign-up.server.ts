import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, gt } from "drizzle-orm";
import { setMemberName } from "~/features/members/avatar.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { callAuth, type Auth } from "./auth.server";
import { passwordWeaknesses } from "./password-policy.server";
import { authAccounts, users, verifications } from "./tables.server";
import type { PhoneSignUpInput, PhoneVerifyInput } from "./validation";

type Call = { auth: Auth; database: Database; origin: string; headers: Headers; accountId: string };
export type PhoneSignUpOutcome =
  { status: "verify_phone" } | { status: "signed_in" | "two_factor"; setCookie: string[] };

const pendingKey = (phone: string) => `phone-sign-up:${phone}`;

async function findUserByPhone(database: Database, phone: string) {
  const [row] = await database.owner
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phone))
    .limit(1);
  return row;
}

/**
 * Sign-up with a phone number and a password. A new number gets a text with a code (the name
 * and the password hash wait, 10 minutes, for it); a known number with the right password signs
 * in; a known number with a wrong one gets the same answer as a new one (no enumeration).
 */
export async function startPhoneSignUp(
  call: Call,
  input: PhoneSignUpInput,
): Promise<PhoneSignUpOutcome> {
  const reasons = passwordWeaknesses(input.password, [input.name, input.phone]);
  if (reasons.length > 0) throw new AppError({ code: "auth.weakPassword", details: { reasons } });
  const { auth, database, origin, headers } = call;
  if (await findUserByPhone(database, input.phone)) {
    const signIn = await callAuth(auth, {
      origin,
      headers,
      path: "/sign-in/phone-number",
      body: { phoneNumber: input.phone, password: input.password },
    });
    if (signIn.status === 429) throw new AppError({ code: "auth.tooManyRequests" });
    if (!signIn.ok) return { status: "verify_phone" };
    const body = (await signIn.json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
    return {
      status: body.twoFactorRedirect ? "two_factor" : "signed_in",
      setCookie: signIn.headers.getSetCookie(),
    };
  }
  const pending = JSON.stringify({ name: input.name, hash: await hashPassword(input.password) });
  await database.owner.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, pendingKey(input.phone)));
    await tx.insert(verifications).values({
      id: randomUUID(),
      identifier: pendingKey(input.phone),
      value: pending,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
  });
  const sent = await callAuth(auth, {
    origin,
    headers,
    path: "/phone-number/send-otp",
    body: { phoneNumber: input.phone },
  });
  if (sent.status === 429) throw new AppError({ code: "auth.tooManyRequests" });
  if (!sent.ok) throw new AppError({ code: "request.invalid" });
  return { status: "verify_phone" };
}

/** The code from the text: creates the person with their name and password, signed in and a member. */
export async function finishPhoneSignUp(
  call: Call,
  input: PhoneVerifyInput,
): Promise<{ setCookie: string[] }> {
  const { auth, database, origin, headers, accountId } = call;
  const [pending] = await database.owner
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, pendingKey(input.phone)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!pending) throw new AppError({ code: "auth.invalidCode" });
  const verified = await callAuth(auth, {
    origin,
    headers,
    path: "/phone-number/verify",
    body: { phoneNumber: input.phone, code: input.code },
  });
  if (verified.status === 429) throw new AppError({ code: "auth.tooManyRequests" });
  if (!verified.ok) throw new AppError({ code: "auth.invalidCode" });
  const user = await findUserByPhone(database, input.phone);
  if (!user) throw new Error("phone verified but no user");
  const { name, hash } = JSON.parse(pending.value) as { name: string; hash: string };
  await database.owner.transaction(async (tx) => {
    await tx.update(users).set({ name }).where(eq(users.id, user.id));
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      providerId: "credential",
      providerAccountId: user.id,
      userId: user.id,
      password: hash,
    });
    await tx.delete(verifications).where(eq(verifications.id, pending.id));
  });
  // The membership was made when the session opened, under the placeholder name.
  await setMemberName(database, { accountId, userId: user.id, name });
  return { setCookie: verified.headers.getSetCookie() };
}
