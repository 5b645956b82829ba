import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { uniqueViolation } from "~/platform/db/unique-violation";
import {
  memberCommandSchema,
  ownerCommandSchema,
  programmeInputSchema,
  type AffiliateStatus,
} from "./affiliate-shapes";
import { liveProgramme } from "./affiliate-links.server";
import { tellManagersOfApplication } from "./affiliate-notices.server";
import {
  affiliateCommissions,
  affiliatePayouts,
  affiliateProgrammes,
  affiliates,
} from "./tables.server";

type Place = { accountId: string; viewer: Viewer | null };
export type AffiliateAnswer =
  | { ok: true; id?: string; status?: AffiliateStatus }
  | { ok: false; code: "request.invalid"; issues: FieldIssue[] };

const affiliateIs = (accountId: string, id: string) =>
  and(eq(affiliates.accountId, accountId), eq(affiliates.id, id));

/**
 * M5 the owner's affiliates screen (managers): the programme's terms, an affiliate approved,
 * refused or suspended, and a payout marked paid — every due line of one affiliate in one
 * currency, at once, so a line is never paid twice (its row is locked as it is taken).
 */
export async function commandAffiliates(
  database: Database,
  {
    accountId,
    viewer,
    body,
    programmeChanged,
    now = new Date(),
  }: Place & { body: unknown; programmeChanged?: () => Promise<unknown>; now?: Date },
): Promise<AffiliateAnswer> {
  requireCapability(viewer, "manage_options");
  const parsed = ownerCommandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  if (command.intent === "saveProgramme") {
    const input = programmeInputSchema.safeParse(command.programme);
    if (!input.success)
      return { ok: false, code: "request.invalid", issues: fieldIssuesOf(input.error) };
    const { percent, productCommissions, ...rest } = input.data;
    const values = {
      ...rest,
      percentBasis: percent,
      productCommissions: productCommissions.map((line) => ({
        ...line,
        value: line.type === "percent" ? Math.round(line.value * 100) : Math.round(line.value),
      })),
      updatedAt: now,
    };
    await database.forAccount(accountId, (tx) =>
      tx
        .insert(affiliateProgrammes)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: affiliateProgrammes.accountId, set: values }),
    );
    await programmeChanged?.();
    return { ok: true };
  }
  if (command.intent === "decide") {
    const [row] = await database.forAccount(accountId, (tx) =>
      tx
        .update(affiliates)
        .set({ status: command.status, decidedAt: now })
        .where(affiliateIs(accountId, command.id))
        .returning({ id: affiliates.id, status: affiliates.status }),
    );
    if (!row) throw new AppError({ code: "route.notFound" });
    return { ok: true, id: row.id, status: row.status };
  }
  const payoutId = await database.forAccount(accountId, (tx) =>
    payOut(tx, {
      accountId,
      affiliateId: command.id,
      currency: command.currency,
      note: command.note,
      now,
    }),
  );
  return { ok: true, id: payoutId };
}

async function payOut(
  tx: Tx,
  {
    accountId,
    affiliateId,
    currency,
    note,
    now,
  }: { accountId: string; affiliateId: string; currency: string; note: string; now: Date },
) {
  const [affiliate] = await tx
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(affiliateIs(accountId, affiliateId));
  if (!affiliate) throw new AppError({ code: "route.notFound" });
  const due = and(
    eq(affiliateCommissions.accountId, accountId),
    eq(affiliateCommissions.affiliateId, affiliateId),
    eq(affiliateCommissions.currency, currency),
    eq(affiliateCommissions.status, "due"),
  );
  const lines = await tx
    .select({ id: affiliateCommissions.id, amount: affiliateCommissions.amount })
    .from(affiliateCommissions)
    .where(due)
    .for("update");
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  const [programme] = await tx
    .select({ minPayout: affiliateProgrammes.minPayout })
    .from(affiliateProgrammes)
    .where(eq(affiliateProgrammes.accountId, accountId));
  if (amount <= 0 || amount < (programme?.minPayout ?? 0))
    throw new AppError({ code: "affiliates.nothingDue" });
  const [payout] = await tx
    .insert(affiliatePayouts)
    .values({
      accountId,
      affiliateId,
      amount,
      currency,
      commissions: lines.length,
      note,
      paidAt: now,
    })
    .returning({ id: affiliatePayouts.id });
  await tx
    .update(affiliateCommissions)
    .set({ status: "paid", payoutId: payout!.id })
    .where(
      and(
        due,
        inArray(
          affiliateCommissions.id,
          lines.map((line) => line.id),
        ),
      ),
    );
  return payout!.id;
}

/** A code for a new affiliate's links: their name's first word and a few random letters. */
function codeFor(name: string) {
  const word =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .split("-")[0]
      ?.slice(0, 20) ?? "";
  const suffix = randomBytes(3).toString("hex");
  return `${word.length >= 2 ? word : "partner"}-${suffix}`;
}

/**
 * A member's own affiliate screen: join the programme (approved at once or waiting for the
 * owner, as the programme says; joining twice keeps the first), or say where payouts go.
 */
export async function commandMemberAffiliate(
  database: Database,
  {
    accountId,
    viewer,
    body,
    pubsub,
    now = new Date(),
  }: Place & { body: unknown; pubsub?: PubSub; now?: Date },
): Promise<AffiliateAnswer> {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership) throw new AppError({ code: "auth.forbidden" });
  const parsed = memberCommandSchema.safeParse(body);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const command = parsed.data;
  const mine = and(eq(affiliates.accountId, accountId), eq(affiliates.userId, viewer.user.id));
  if (command.intent === "payoutDetails") {
    const [row] = await database.forAccount(accountId, (tx) =>
      tx
        .update(affiliates)
        .set({ payoutDetails: command.payoutDetails })
        .where(mine)
        .returning({ id: affiliates.id }),
    );
    if (!row) throw new AppError({ code: "route.notFound" });
    return { ok: true, id: row.id };
  }
  const joined = await join(database, {
    accountId,
    viewer,
    payoutDetails: command.payoutDetails,
    now,
  });
  // An application waiting for a decision: the managers' bell says so.
  if (joined.created && joined.status === "pending" && pubsub)
    await tellManagersOfApplication(
      { database, pubsub },
      { accountId, name: viewer.user.name || viewer.user.email },
    );
  return { ok: true, id: joined.id, status: joined.status };
}

async function join(
  database: Database,
  {
    accountId,
    viewer,
    payoutDetails,
    now,
  }: { accountId: string; viewer: Viewer; payoutDetails: string; now: Date },
) {
  const mine = and(eq(affiliates.accountId, accountId), eq(affiliates.userId, viewer.user.id));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await database.forAccount(accountId, async (tx) => {
        const programme = await liveProgramme(tx, accountId);
        if (!programme) throw new AppError({ code: "affiliates.closed" });
        const status: AffiliateStatus = programme.approval === "automatic" ? "approved" : "pending";
        const [row] = await tx
          .insert(affiliates)
          .values({
            accountId,
            userId: viewer.user.id,
            email: viewer.user.email,
            name: viewer.user.name,
            code: codeFor(viewer.user.name || viewer.user.email),
            status,
            payoutDetails,
            createdAt: now,
            decidedAt: status === "approved" ? now : null,
          })
          .onConflictDoNothing({ target: [affiliates.accountId, affiliates.userId] })
          .returning({ id: affiliates.id, status: affiliates.status });
        if (row) return { id: row.id, status: row.status, created: true };
        const [existing] = await tx
          .select({ id: affiliates.id, status: affiliates.status })
          .from(affiliates)
          .where(mine);
        return { id: existing!.id, status: existing!.status, created: false };
      });
    } catch (error) {
      // Two members drew the same code: draw again.
      if (attempt < 3 && uniqueViolation(error) === "affiliates_code") continue;
      throw error;
    }
  }
}
