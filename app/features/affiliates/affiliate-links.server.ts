import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "~/platform/db/database.server";
import { affiliateCodePattern, withinWindow, type Referral } from "./referral-cookie";
import {
  affiliateClickDays,
  affiliateProgrammes,
  affiliates,
  affiliateSignUps,
} from "./tables.server";

/** The site's programme, or null when it has none switched on. */
export async function liveProgramme(tx: Tx, accountId: string) {
  const [programme] = await tx
    .select()
    .from(affiliateProgrammes)
    .where(
      and(eq(affiliateProgrammes.accountId, accountId), eq(affiliateProgrammes.enabled, true)),
    );
  return programme ?? null;
}

/** An approved affiliate of a live programme, by the code of their links. */
export async function approvedAffiliate(
  tx: Tx,
  { accountId, code }: { accountId: string; code: string },
) {
  if (!affiliateCodePattern.test(code)) return null;
  const [affiliate] = await tx
    .select()
    .from(affiliates)
    .where(
      and(
        eq(affiliates.accountId, accountId),
        eq(affiliates.code, code),
        eq(affiliates.status, "approved"),
      ),
    );
  return affiliate ?? null;
}

/**
 * A visit through an affiliate's link (`?ref=code`): counted on the affiliate's day, and the
 * window the cookie lasts answered. An unknown or inactive code, a programme switched off, or
 * the affiliate clicking their own link: null, no cookie.
 */
export async function followReferralLink(
  database: Database,
  {
    accountId,
    code,
    viewerUserId,
    now = new Date(),
  }: { accountId: string; code: string; viewerUserId: string | null; now?: Date },
): Promise<{ cookieDays: number } | null> {
  if (!affiliateCodePattern.test(code)) return null;
  return database.forAccount(accountId, async (tx) => {
    const programme = await liveProgramme(tx, accountId);
    if (!programme) return null;
    const affiliate = await approvedAffiliate(tx, { accountId, code });
    if (!affiliate || affiliate.userId === viewerUserId) return null;
    await tx
      .insert(affiliateClickDays)
      .values({
        accountId,
        affiliateId: affiliate.id,
        day: now.toISOString().slice(0, 10),
        clicks: 1,
      })
      .onConflictDoUpdate({
        target: [
          affiliateClickDays.accountId,
          affiliateClickDays.affiliateId,
          affiliateClickDays.day,
        ],
        set: { clicks: sql`${affiliateClickDays.clicks} + 1` },
      });
    return { cookieDays: programme.cookieDays };
  });
}

/**
 * A person who signs up carrying an affiliate's cookie within its window is that affiliate's
 * sign-up (once: a person is referred by one affiliate). Their own sign-up is nobody's.
 */
export async function recordReferredSignUp(
  tx: Tx,
  {
    accountId,
    userId,
    referral,
    now = new Date(),
  }: { accountId: string; userId: string; referral: Referral | null; now?: Date },
) {
  if (!referral) return;
  const programme = await liveProgramme(tx, accountId);
  if (!programme || !withinWindow(referral.at, programme.cookieDays, now)) return;
  const affiliate = await approvedAffiliate(tx, { accountId, code: referral.code });
  if (!affiliate || affiliate.userId === userId) return;
  await tx
    .insert(affiliateSignUps)
    .values({ accountId, affiliateId: affiliate.id, userId, at: now })
    .onConflictDoNothing();
}

/** As `recordReferredSignUp`, in a transaction of its own (after the person's was committed). */
export const noteReferredSignUp = (
  database: Database,
  input: { accountId: string; userId: string; referral: Referral | null },
) =>
  input.referral
    ? database.forAccount(input.accountId, (tx) => recordReferredSignUp(tx, input))
    : Promise.resolve();
