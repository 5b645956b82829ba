import { and, eq, inArray, sql } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { createAccountNotification } from "~/features/notifications/notifications.server";
import { mediaTotals, type StorageGate } from "~/features/media/media.server";
import { plans } from "~/features/plans/tables.server";
import { planLimit } from "~/features/plans/plans";
import type { Database, Tx } from "~/platform/db/database.server";
import { isLanguageCode } from "~/platform/i18n/languages";
import { translate } from "~/platform/mail/templates.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { meters, type MeterId } from "./meters";
import { usageActiveUsers, usageAlerts, usageCounters } from "./tables.server";

/** Past 100 % of a limit, the limit applies only after this many days (issue 17: warn, then grace). */
export const USAGE_GRACE_DAYS = 7;
const DAY = 86_400_000;
const GAUGE_PERIOD = "now";

export type UsageServices = { database: Database; pubsub: PubSub };

/** A monthly meter's period: the calendar month in UTC, `2026-11`. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

const meterById = new Map(meters.map((meter) => [meter.id, meter]));
const periodFor = (meter: MeterId, at: Date) =>
  meterById.get(meter)!.kind === "gauge" ? GAUGE_PERIOD : monthOf(at);

async function addToCounter(
  tx: Tx,
  { accountId, meter, amount, at }: { accountId: string; meter: MeterId; amount: number; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(usageCounters)
    .values({ accountId, meter, period: periodFor(meter, at), amount, updatedAt: at })
    .onConflictDoUpdate({
      target: [usageCounters.accountId, usageCounters.meter, usageCounters.period],
      // One statement per event: concurrent events queue on the row and none is lost.
      set: { amount: sql`${usageCounters.amount} + ${amount}`, updatedAt: at },
    })
    .returning({ amount: usageCounters.amount });
  return row!.amount;
}

/** Counts `amount` events of a monthly meter (e-mails sent, tokens used…) for the account. */
export async function recordUsage(
  services: UsageServices,
  {
    accountId,
    meter,
    amount = 1,
    at = new Date(),
  }: { accountId: string; meter: MeterId; amount?: number; at?: Date },
): Promise<void> {
  if (!Number.isInteger(amount) || amount <= 0) return;
  const [total, facts] = await services.database.forAccount(
    accountId,
    async (tx) =>
      [
        await addToCounter(tx, { accountId, meter, amount, at }),
        await planFactsIn(tx, accountId),
      ] as const,
  );
  await checkThresholds(services, { accountId, meter, used: total, at, facts });
}

/** Sets a gauge meter (storage in MB, videos held) to what the site holds now. */
export async function setGauge(
  services: UsageServices,
  {
    accountId,
    meter,
    value,
    at = new Date(),
  }: {
    accountId: string;
    meter: MeterId;
    value: number;
    at?: Date;
  },
): Promise<void> {
  const amount = Math.max(0, Math.round(value));
  const facts = await services.database.forAccount(accountId, async (tx) => {
    await tx
      .insert(usageCounters)
      .values({ accountId, meter, period: GAUGE_PERIOD, amount, updatedAt: at })
      .onConflictDoUpdate({
        target: [usageCounters.accountId, usageCounters.meter, usageCounters.period],
        set: { amount, updatedAt: at },
      });
    return planFactsIn(tx, accountId);
  });
  await checkThresholds(services, { accountId, meter, used: amount, at, facts });
}

/**
 * A person active on the site this month: counted once per month however often they come back
 * (the first insert of the pair wins; the counter moves only for it).
 */
export async function recordActiveUser(
  services: UsageServices,
  { accountId, userId, at = new Date() }: { accountId: string; userId: string; at?: Date },
): Promise<void> {
  const period = monthOf(at);
  const counted = await services.database.forAccount(accountId, async (tx) => {
    const added = await tx
      .insert(usageActiveUsers)
      .values({ accountId, period, userId })
      .onConflictDoNothing()
      .returning({ userId: usageActiveUsers.userId });
    if (added.length === 0) return null;
    const used = await addToCounter(tx, { accountId, meter: "active_users", amount: 1, at });
    return { used, facts: await planFactsIn(tx, accountId) };
  });
  if (counted)
    await checkThresholds(services, { accountId, meter: "active_users", at, ...counted });
}

type AccountPlanFacts = { lang: string; limits: Record<string, number> };

/** The account's language and its plan's limits, in one read (in the caller's transaction). */
async function planFactsIn(tx: Tx, accountId: string): Promise<AccountPlanFacts> {
  const [row] = await tx
    .select({ settings: accounts.settings, limits: plans.limits })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, sql`${accounts.settings}->>'plan'`))
    .where(eq(accounts.accountId, accountId))
    .limit(1);
  return { lang: row?.settings.defaultLanguage ?? "en", limits: row?.limits ?? {} };
}

/**
 * At 80 % and at 100 % of a meter's limit the site's managers are told, once per period; the
 * 100 % mark starts the grace period. A limit of 0 (the plan names none) is not metered. A gauge
 * has one period for ever, so one measured back under 80 % clears its marks: the site cleaned
 * up, and crossing again later is told again with a grace of its own (a monthly meter starts
 * over with its month).
 */
async function checkThresholds(
  services: UsageServices,
  {
    accountId,
    meter,
    used,
    at,
    facts,
  }: { accountId: string; meter: MeterId; used: number; at: Date; facts: AccountPlanFacts },
): Promise<void> {
  const limit = planLimit({ features: [], limits: facts.limits }, meterById.get(meter)!.limit);
  if (limit <= 0) return;
  const levels = ([80, 100] as const).filter((level) => used * 100 >= limit * level);
  if (levels.length === 0 && meterById.get(meter)!.kind === "gauge") {
    await services.database.forAccount(accountId, (tx) =>
      tx
        .delete(usageAlerts)
        .where(
          and(
            eq(usageAlerts.accountId, accountId),
            eq(usageAlerts.meter, meter),
            eq(usageAlerts.period, GAUGE_PERIOD),
          ),
        ),
    );
    return;
  }
  for (const level of levels) {
    const fresh = await services.database.forAccount(accountId, (tx) =>
      tx
        .insert(usageAlerts)
        .values({
          accountId,
          meter,
          period: periodFor(meter, at),
          level,
          createdAt: at,
          graceUntil: level === 100 ? new Date(at.getTime() + USAGE_GRACE_DAYS * DAY) : null,
        })
        .onConflictDoNothing()
        .returning({ level: usageAlerts.level }),
    );
    if (fresh.length === 0) continue;
    const lang = isLanguageCode(facts.lang) ? facts.lang : "en";
    const vars = {
      meter: translate(lang, `usage.meters.${meter}`, {}),
      used: String(used),
      limit: String(limit),
      days: String(USAGE_GRACE_DAYS),
    };
    await createAccountNotification(services, {
      accountId,
      input: {
        message: translate(lang, level === 100 ? "usage.alert.full" : "usage.alert.near", vars),
        severity: level === 100 ? 4 : 3,
      },
    });
  }
}

export type MeterReading = {
  meter: MeterId;
  used: number;
  /** 0: the plan names no limit for it. */
  limit: number;
  /** ok, near (≥ 80 %), grace (over, grace running), limited (over, grace ended). */
  state: "ok" | "near" | "grace" | "limited";
  graceUntil: string | null;
};

/** Every meter of the account this month against its plan's limits (spec §9, 0 when absent). */
export async function readMeters(
  database: Database,
  {
    accountId,
    limits,
    now = new Date(),
  }: {
    accountId: string;
    limits: Record<string, number>;
    now?: Date;
  },
): Promise<MeterReading[]> {
  const month = monthOf(now);
  const [counters, alerts] = await database.forAccount(accountId, (tx) =>
    Promise.all([
      tx
        .select()
        .from(usageCounters)
        .where(
          and(
            eq(usageCounters.accountId, accountId),
            inArray(usageCounters.period, [month, GAUGE_PERIOD]),
          ),
        ),
      tx
        .select()
        .from(usageAlerts)
        .where(
          and(
            eq(usageAlerts.accountId, accountId),
            inArray(usageAlerts.period, [month, GAUGE_PERIOD]),
            eq(usageAlerts.level, 100),
          ),
        ),
    ]),
  );
  return meters.map(({ id, limit: limitKey, kind }) => {
    const period = kind === "gauge" ? GAUGE_PERIOD : month;
    const used = counters.find((row) => row.meter === id && row.period === period)?.amount ?? 0;
    const limit = planLimit({ features: [], limits }, limitKey);
    const full = alerts.find((row) => row.meter === id && row.period === period);
    let state: MeterReading["state"] = "ok";
    if (limit > 0 && used > limit) {
      const graceEnds = full?.graceUntil ?? null;
      state = graceEnds && graceEnds.getTime() > now.getTime() ? "grace" : "limited";
    } else if (limit > 0 && used * 100 >= limit * 80) state = "near";
    return {
      meter: id,
      used,
      limit,
      state,
      graceUntil: full?.graceUntil?.toISOString() ?? null,
    };
  });
}

/**
 * Whether the site may use more of a meter: no once it is over its limit and the grace has run
 * out (a limit of 0 is not metered). Callers refuse with `usage.limitReached`. A caller that has
 * measured the gauge it is about to move gives `used`, what it would read after: over the limit
 * it is allowed while no grace has started (its 100 % mark starts one) or the grace runs.
 */
export async function meterAllows(
  database: Database,
  {
    accountId,
    meter,
    used,
    now = new Date(),
  }: { accountId: string; meter: MeterId; used?: number; now?: Date },
): Promise<boolean> {
  const { limits } = await database.forAccount(accountId, (tx) => planFactsIn(tx, accountId));
  const readings = await readMeters(database, { accountId, limits, now });
  const reading = readings.find((row) => row.meter === meter)!;
  if (used === undefined) return reading.state !== "limited";
  if (reading.limit <= 0 || used <= reading.limit) return true;
  return reading.graceUntil === null || Date.parse(reading.graceUntil) > now.getTime();
}

export { meters, type MeterId } from "./meters";

const seenThisMonth = new Set<string>();

/**
 * The request path's way in: a signed-in member's request counts them active for the month,
 * asking the database only the first time this process sees them that month.
 */
export async function noteActiveUser(
  services: UsageServices,
  { accountId, userId, at = new Date() }: { accountId: string; userId: string; at?: Date },
): Promise<void> {
  const key = `${monthOf(at)} ${accountId} ${userId}`;
  if (seenThisMonth.has(key)) return;
  // Bounded: a process that meets very many people starts the set over (the insert is idempotent).
  if (seenThisMonth.size > 100_000) seenThisMonth.clear();
  await recordActiveUser(services, { accountId, userId, at });
  seenThisMonth.add(key);
}

/** The mailer's report of a message sent for a site: verification mails and the rest are metered apart. */
export function recordMailSent(
  services: UsageServices,
  { accountId, template }: { accountId: string; template?: string },
): Promise<void> {
  const meter: MeterId = template === "verifyEmail" ? "email_verifications" : "emails";
  return recordUsage(services, { accountId, meter });
}

const MB = 1024 * 1024;

/** Measures the gauges (storage in MB, as plans state it, and videos held) of one account now. */
export async function refreshGauges(services: UsageServices, accountId: string): Promise<void> {
  const { bytes, videos } = await mediaTotals(services.database, accountId);
  await setGauge(services, { accountId, meter: "storage", value: Math.ceil(bytes / MB) });
  await setGauge(services, { accountId, meter: "videos", value: videos });
}

/**
 * Media's uploads past the storage limit (server/app.ts hands it to the media API): the media
 * feature cannot import this one, which measures its files, so it asks through this object. The
 * bytes the site would hold are measured in MB, as plans and the gauge state them.
 */
export function storageGate(services: UsageServices): StorageGate {
  return {
    allows: (accountId, projectedBytes) =>
      meterAllows(services.database, {
        accountId,
        meter: "storage",
        used: Math.ceil(projectedBytes / MB),
      }),
    measured: (accountId) => refreshGauges(services, accountId),
  };
}

/** The queue's name for the roll-up below (server/job-workers.ts schedules it). */
export const USAGE_ROLLUP_JOB = "usage.rollup";

/** The scheduled roll-up: every account's gauges measured again (their events are not counted one by one). */
export async function rollupUsage(services: UsageServices): Promise<{ accounts: number }> {
  const ids = await services.database.asApp((tx) =>
    tx.select({ accountId: accounts.accountId }).from(accounts),
  );
  for (const { accountId } of ids) await refreshGauges(services, accountId);
  return { accounts: ids.length };
}
