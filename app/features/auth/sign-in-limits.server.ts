import { createHmac, randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { APIError, type createAuthMiddleware } from "better-auth/api";
import type { Database } from "~/platform/db/database.server";
import type { ErrorCode } from "~/platform/errors";
import { addressKey } from "~/platform/rate-limits/rate-limits.server";
import { readFacts } from "./request-headers";
import { signInLimits, users } from "./tables.server";

/**
 * Sign-in attempts limited per account and client address, on top of better-auth's per-address
 * limit (decision 044, after OWASP's "device cookies"). Failed password checks count against
 * the e-mail or phone number tried from that address, known or not (the same answers either
 * way, so nothing is learnt about who exists); after a few, each further attempt from there
 * waits a delay that grows, and attempts during the delay are refused before the password is
 * looked at. Wrong passwords from one place therefore never refuse the owner's right password
 * from another (issue 31, point 6). Across all addresses the account's failures are counted
 * too: past a much higher number, every attempt is slowed, never refused. A browser that signed
 * in to that person before holds a signed device cookie and is judged by its own counter
 * instead, and is not slowed. A password reset clears the account's counters.
 */

/** Failures allowed before each further attempt waits. */
export const FAILURES_BEFORE_DELAY = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A counter with no new failure for this long starts again from zero. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** Failures for one account from all addresses after which each attempt is slowed. */
export const ACCOUNT_FAILURES_BEFORE_SLOWING = 100;
export const SLOWED_BY_MS = 1_000;

const LOCKED: ErrorCode = "auth.accountLocked";
const DEVICE_COOKIE = "sign_in_device";
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const PRUNE_EVERY_MS = 60_000;
/** The body field holding the account identifier, per sign-in endpoint. */
const SIGN_IN_FIELDS: Record<string, "email" | "phoneNumber"> = {
  "/sign-in/email": "email",
  "/sign-in/phone-number": "phoneNumber",
};
const WRONG_CREDENTIALS = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "INVALID_PHONE_NUMBER_OR_PASSWORD",
]);

export type Counter = { failures: number; lockedUntil: number | null; updatedAt: number };
export type Admission =
  { allowed: false; retryAfterSeconds: number } | { allowed: true; next: Counter };

/** How long attempts wait after the `failures`-th failure: nothing, then 30 s doubling to 15 min. */
export function delayAfter(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FAILURES_BEFORE_DELAY), MAX_DELAY_MS);
}

/**
 * One attempt against a counter: refused while a delay runs; otherwise counted as a failure
 * *before* the password is checked (undone if it turns out right), so a burst of parallel
 * guesses cannot all slip in before the first one is recorded.
 */
export function admit(stored: Counter | null, now: number): Admission {
  const live = stored && now - stored.updatedAt < FORGET_AFTER_MS ? stored : null;
  if (live?.lockedUntil && live.lockedUntil > now) {
    return { allowed: false, retryAfterSeconds: Math.ceil((live.lockedUntil - now) / 1000) };
  }
  const failures = (live?.failures ?? 0) + 1;
  const delay = delayAfter(failures);
  return {
    allowed: true,
    next: { failures, lockedUntil: delay ? now + delay : null, updatedAt: now },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type Attempt = { key: string; previous: Counter; next: Counter };
/** How a counter judges an attempt: the per-place limit refuses, the account-wide one only counts. */
type Policy = (stored: Counter | null, now: number) => Admission;

/** Every attempt counted ahead (given back unless wrong); none refused, none delayed. */
export const countOnly: Policy = (stored, now) => {
  const live = stored && now - stored.updatedAt < FORGET_AFTER_MS ? stored : null;
  return {
    allowed: true,
    next: { failures: (live?.failures ?? 0) + 1, lockedUntil: null, updatedAt: now },
  };
};
type Row = typeof signInLimits.$inferSelect;

const toCounter = (row: Row): Counter => ({
  failures: row.failures,
  lockedUntil: row.lockedUntil?.getTime() ?? null,
  updatedAt: row.updatedAt.getTime(),
});
const toRow = (counter: Counter) => ({
  failures: counter.failures,
  lockedUntil: counter.lockedUntil === null ? null : new Date(counter.lockedUntil),
  updatedAt: new Date(counter.updatedAt),
});

function lockedError(retryAfterSeconds: number) {
  return new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: LOCKED,
      message: "Too many failed sign-ins for this account. Try again later.",
      retryAfter: retryAfterSeconds,
    },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** What became of a sign-in: the password was right, wrong, or never judged (bad input, …). */
function outcome(ctx: HookContext): "right" | "wrong" | "unjudged" {
  if (ctx.context.newSession) return "right";
  const code = (ctx.context.returned as { body?: { code?: unknown } } | undefined)?.body?.code;
  // The password was right but the address awaits its link (better-auth has sent it again).
  if (code === "EMAIL_NOT_VERIFIED") return "right";
  return typeof code === "string" && WRONG_CREDENTIALS.has(code) ? "wrong" : "unjudged";
}

export function createSignInLimits({
  database,
  secret,
  now = () => Date.now(),
}: {
  database: Database;
  secret: string;
  now?: () => number;
}) {
  const db = database.owner;
  // Before and after hooks of one call share its context object.
  const attempts = new WeakMap<object, { limit: Attempt; account: Attempt | null }>();
  let lastPrune = 0;

  const keyed = (value: string) => createHmac("sha256", secret).update(value).digest("base64url");
  /**
   * Keyed hashes: the table holds no e-mail, phone or client address, and a key is the same on
   * every instance. `account:<who>` counts across addresses; `account:<who>:<where>` per address.
   */
  const accountKey = (identifier: string) => `account:${keyed(`sign-in:${identifier}`)}`;
  const placeKey = (identifier: string, clientIp: string) =>
    `${accountKey(identifier)}:${keyed(`sign-in-address:${addressKey(clientIp)}`).slice(0, 22)}`;

  /** The counter of this browser's device cookie, when it was earned by the person tried. */
  async function deviceKey(ctx: HookContext, field: "email" | "phoneNumber", identifier: string) {
    const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE);
    const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!value) return null;
    const [userId, nonce] = value.split("!");
    if (!userId || !nonce) return null;
    const column = field === "email" ? users.email : users.phoneNumber;
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(column, identifier))
      .limit(1);
    return person?.id === userId ? `device:${nonce}` : null;
  }

  async function take(key: string, at: number, policy: Policy = admit) {
    return db.transaction(async (tx) => {
      await tx
        .insert(signInLimits)
        .values({ key, failures: 0, updatedAt: new Date(at) })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(signInLimits)
        .where(eq(signInLimits.key, key))
        .for("update");
      const previous = toCounter(row!);
      const admission = policy(previous, at);
      if (admission.allowed) {
        await tx.update(signInLimits).set(toRow(admission.next)).where(eq(signInLimits.key, key));
      }
      return { admission, previous };
    });
  }

  async function issueDevice(ctx: HookContext, userId: string) {
    const cookie = ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_MAX_AGE_SECONDS });
    const nonce = randomBytes(18).toString("base64url");
    await ctx.setSignedCookie(cookie.name, `${userId}!${nonce}`, ctx.context.secret, {
      ...cookie.attributes,
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
  }

  async function prune(at: number) {
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    await db.delete(signInLimits).where(lt(signInLimits.updatedAt, new Date(at - FORGET_AFTER_MS)));
  }

  /**
   * A password reset proves the person: their e-mail and phone start again with no delay, from
   * every address.
   */
  async function forgive(person: { email?: string | null; phoneNumber?: string | null }) {
    const keys = [person.email?.toLowerCase(), person.phoneNumber]
      .filter((identifier): identifier is string => Boolean(identifier))
      .map(accountKey);
    if (!keys.length) return;
    await db
      .delete(signInLimits)
      .where(
        or(
          ...keys.flatMap((key) => [
            eq(signInLimits.key, key),
            sql`left(${signInLimits.key}, ${key.length + 1}) = ${`${key}:`}`,
          ]),
        ),
      );
  }

  /** Gives an attempt counted ahead back, unless another one has moved the counter since. */
  async function giveBack({ key, previous, next }: Attempt) {
    await db
      .update(signInLimits)
      .set(toRow(previous))
      .where(and(eq(signInLimits.key, key), eq(signInLimits.failures, next.failures)));
  }

  return {
    forgive,

    /** Refuses a sign-in while its account (or device) waits; otherwise counts it ahead. */
    async before(ctx: HookContext) {
      const field = SIGN_IN_FIELDS[ctx.path];
      const raw: unknown = field
        ? (ctx.body as Record<string, unknown> | undefined)?.[field]
        : null;
      if (!field || typeof raw !== "string") return;
      // better-auth looks e-mail addresses up in lower case: so must the counter.
      const identifier = field === "email" ? raw.toLowerCase() : raw;
      const device = await deviceKey(ctx, field, identifier);
      const clientIp = readFacts(ctx.headers ?? ctx.request?.headers).clientIp;
      const key = device ?? placeKey(identifier, clientIp);
      const at = now();
      const { admission, previous } = await take(key, at);
      if (!admission.allowed) throw lockedError(admission.retryAfterSeconds);
      const limit = { key, previous, next: admission.next };
      let account: Attempt | null = null;
      if (!device) {
        const wide = await take(accountKey(identifier), at, countOnly);
        if (wide.admission.allowed)
          account = {
            key: accountKey(identifier),
            previous: wide.previous,
            next: wide.admission.next,
          };
        // Many places failing for one account: slowed, so guessing from many addresses costs
        // time, while the owner's right password still gets in.
        if (wide.previous.failures >= ACCOUNT_FAILURES_BEFORE_SLOWING) await sleep(SLOWED_BY_MS);
      }
      attempts.set(ctx.context, { limit, account });
    },

    async after(ctx: HookContext) {
      if (ctx.path === "/phone-number/reset-password") {
        if ((ctx.context.returned as { status?: unknown } | undefined)?.status !== true) return;
        const phone = String((ctx.body as { phoneNumber?: unknown }).phoneNumber ?? "");
        const [person] = await db
          .select({ email: users.email, phoneNumber: users.phoneNumber })
          .from(users)
          .where(eq(users.phoneNumber, phone));
        return forgive(person ?? { phoneNumber: phone });
      }
      const attempt = attempts.get(ctx.context);
      if (!attempt) return;
      attempts.delete(ctx.context);
      const result = outcome(ctx);
      if (result === "wrong") return; // counted already
      // A right password is no failure of the account, but does not clear others' failures.
      if (attempt.account) await giveBack(attempt.account);
      const { key, next } = attempt.limit;
      if (result === "unjudged") return giveBack(attempt.limit);
      await db.delete(signInLimits).where(eq(signInLimits.key, key));
      const userId = ctx.context.newSession?.user.id;
      if (userId) await issueDevice(ctx, userId);
      await prune(next.updatedAt);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
