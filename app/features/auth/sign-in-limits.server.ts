import { createHmac, randomBytes } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { APIError, type createAuthMiddleware } from "better-auth/api";
import type { Database } from "~/platform/db/database.server";
import type { ErrorCode } from "~/platform/errors";
import { signInLimits, users } from "./tables.server";

/**
 * Sign-in attempts limited per account, on top of better-auth's per-address limit (OWASP's
 * "device cookies"). Failed password checks count against the e-mail or phone number tried,
 * known or not (the same answers either way, so nothing is learnt about who exists); after a few,
 * each further attempt waits a delay that grows, and attempts during the delay are refused
 * before the password is looked at. A browser that signed in to that person before holds a
 * signed device cookie and is judged by its own counter instead: strangers can lock out
 * strangers, never the owner's own browser. A password reset clears the account's delay.
 */

/** Failures allowed before each further attempt waits. */
export const FAILURES_BEFORE_DELAY = 5;
export const FIRST_DELAY_MS = 30_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** A counter with no new failure for this long starts again from zero. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

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
  const attempts = new WeakMap<object, Attempt>();
  let lastPrune = 0;

  /** Keyed hash: the table holds no address, and the key is the same on every instance. */
  const accountKey = (identifier: string) =>
    `account:${createHmac("sha256", secret).update(`sign-in:${identifier}`).digest("base64url")}`;

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

  async function take(key: string, at: number) {
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
      const admission = admit(previous, at);
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

  /** A password reset proves the person: their e-mail and phone start again with no delay. */
  async function forgive(person: { email?: string | null; phoneNumber?: string | null }) {
    const keys = [person.email?.toLowerCase(), person.phoneNumber]
      .filter((identifier): identifier is string => Boolean(identifier))
      .map(accountKey);
    if (keys.length) await db.delete(signInLimits).where(inArray(signInLimits.key, keys));
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
      const key = (await deviceKey(ctx, field, identifier)) ?? accountKey(identifier);
      const { admission, previous } = await take(key, now());
      if (!admission.allowed) throw lockedError(admission.retryAfterSeconds);
      attempts.set(ctx.context, { key, previous, next: admission.next });
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
      const { key, previous, next } = attempt;
      if (result === "unjudged") {
        // Give the attempt back, unless another one has moved the counter since.
        await db
          .update(signInLimits)
          .set(toRow(previous))
          .where(and(eq(signInLimits.key, key), eq(signInLimits.failures, next.failures)));
        return;
      }
      await db.delete(signInLimits).where(eq(signInLimits.key, key));
      const userId = ctx.context.newSession?.user.id;
      if (userId) await issueDevice(ctx, userId);
      await prune(next.updatedAt);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
