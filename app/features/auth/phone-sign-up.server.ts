import { randomUUID, timingSafeEqual } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, desc, eq, gt } from "drizzle-orm";
import { addMember } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { callAuth, type Auth } from "./auth.server";
import { passwordWeaknesses } from "./password-policy.server";
import { insertPerson, newAuthId, openSession, uniqueViolation } from "./person.server";
import { users, verifications } from "./tables.server";
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
  const reasons = await passwordWeaknesses(input.password, [input.name, input.phone]);
  if (reasons.length > 0) throw new AppError({ code: "auth.weakPassword", details: { reasons } });
  const { auth, database, origin, headers } = call;
  if (await findUserByPhone(database, input.phone)) {
    const signIn = await callAuth(auth, {
      origin,
      headers,
      path: "/sign-in/phone-number",
      body: { phoneNumber: input.phone, password: input.password },
    });
    // Refused by a limit: the same answer as a new number, so the 429 tells nothing.
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

/** better-auth's phone-number plugin keeps the texted code as `{code}:{failed attempts}` here. */
const codeKey = (phone: string) => `phone-number-otp-${phone}`;
/** As the plugin is configured (auth.server.ts `allowedAttempts`): a code dies on its 3rd miss. */
const ALLOWED_ATTEMPTS = 3;

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Inside the sign-up's transaction: spends the newest code texted to the number, the way the
 * plugin does (newest row wins, expired or exhausted codes are refused, a miss is counted).
 * Taking the row is the race gate: two requests with one code cannot both pass.
 */
async function spendCode(tx: Tx, phone: string, code: string): Promise<boolean> {
  const [latest] = await tx
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, codeKey(phone)))
    .orderBy(desc(verifications.createdAt))
    .limit(1)
    .for("update");
  if (!latest) return false;
  await tx.delete(verifications).where(eq(verifications.identifier, codeKey(phone)));
  const [sent = "", rawAttempts] = latest.value.split(":");
  const attempts = Math.max(0, Number.parseInt(rawAttempts ?? "0", 10) || 0);
  if (latest.expiresAt < new Date() || attempts >= ALLOWED_ATTEMPTS) return false;
  if (sameCode(sent, code)) return true;
  await tx.insert(verifications).values({
    id: newAuthId(),
    identifier: codeKey(phone),
    value: `${sent}:${attempts + 1}`,
    expiresAt: latest.expiresAt,
  });
  return false;
}

/**
 * The code from the text: spends it and creates the person (name, password, verified number)
 * with their membership, in one transaction; then signs them in. A wrong code only counts a
 * miss. A crash after the commit leaves a complete person, who signs in with their password.
 */
export async function finishPhoneSignUp(
  call: Call,
  input: PhoneVerifyInput,
): Promise<{ setCookie: string[]; userId: string }> {
  const { auth, database, headers, accountId } = call;
  let user: { id: string } | null;
  try {
    user = await database.ownerThenAccount(async (tx, enterAccount) => {
      const [pending] = await tx
        .select()
        .from(verifications)
        .where(
          and(
            eq(verifications.identifier, pendingKey(input.phone)),
            gt(verifications.expiresAt, new Date()),
          ),
        )
        .limit(1)
        .for("update");
      if (!pending || !(await spendCode(tx, input.phone, input.code))) return null;
      await tx.delete(verifications).where(eq(verifications.id, pending.id));
      const { name, hash } = JSON.parse(pending.value) as { name: string; hash: string };
      const person = await insertPerson(tx, {
        name,
        // A person who signs up with a phone gets a placeholder address until they add one.
        email: `${input.phone.replace(/\D/g, "")}@phone.invalid`,
        phoneNumber: input.phone,
        passwordHash: hash,
      });
      await enterAccount(accountId);
      await addMember(tx, { accountId, user: person });
      return person;
    });
  } catch (error) {
    // The number signed up in the meantime: its code is spent either way.
    if (uniqueViolation(error)?.startsWith("users_")) user = null;
    else throw error;
  }
  if (!user) throw new AppError({ code: "auth.invalidCode" });
  return { setCookie: await openSession(auth, { userId: user.id, headers }), userId: user.id };
}
