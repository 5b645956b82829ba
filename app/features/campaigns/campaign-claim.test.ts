import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "~/platform/db/database.server";
import { createAccount } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { BATCH, claimBatch, claimRows } from "./campaign-ledger.server";
import { createSettler, settlementOf } from "./campaign-settle.server";
import { campaignRecipients, campaigns } from "./tables.server";

/*
 * A ledger just written has no planner statistics: `contact_id in (locking subquery)` was then
 * planned as a nested loop that ran the subquery again for every row, so the first claim took
 * the whole ledger (and in quadratic time: minutes for 50,000 rows). Found by
 * `npm run bench -- campaigns`.
 */
describe.each(backends)("M5 campaign batches on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db.dispose());

  /** A campaign being sent by "run", with `rows` recipients queued. */
  async function sendingCampaign(accountId: string, rows: number) {
    return db.database.forAccount(accountId, async (tx) => {
      const [row] = await tx
        .insert(campaigns)
        .values({ accountId, name: "Batches", subject: "Hi", status: "sending", senderRun: "run" })
        .returning({ id: campaigns.id });
      await tx.execute(sql`
        insert into campaign_recipients (account_id, campaign_id, contact_id, email)
        select ${accountId}, ${row!.id}::uuid, gen_random_uuid(), 'r' || n || '@example.com'
          from generate_series(1, ${rows}) as n`);
      return row!.id;
    });
  }

  test("M5 a fresh ledger is claimed a batch at a time, each row once", async () => {
    const { database } = db;
    const { accountId } = await createAccount(database);
    const rows = 3 * BATCH + 17;
    const campaignId = await sendingCampaign(accountId, rows);
    const sizes: number[] = [];
    const seen = new Set<string>();
    for (;;) {
      const batch = await claimBatch(database, { accountId, campaignId, runId: "run" });
      if (!batch?.length) break;
      sizes.push(batch.length);
      for (const row of batch) seen.add(row.contactId);
    }
    expect(sizes).toEqual([BATCH, BATCH, BATCH, 17]);
    expect(seen.size).toBe(rows);
  });

  test("M5 a claim reaches its rows through the primary key under row-level security, never by reading the whole ledger", async () => {
    const { database } = db;
    const { accountId } = await createAccount(database);
    const campaignId = await sendingCampaign(accountId, 20 * BATCH);
    await database.owner.execute(sql`analyze campaign_recipients`);
    const plan = await database.forAccount(accountId, async (tx) => {
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain ${claimRows(tx, { accountId, campaignId }).getSQL()}`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    // The batch's ids look up the primary key (a plain or a bitmap index scan); PostgreSQL 17
    // (PGlite) names the InitPlan's result where 15 names a parameter.
    expect(plan).toMatch(
      /Index Cond: \(.*\bcontact_id = ANY \((\$\d+|\(InitPlan \d+\)\.col\d+)\)\)/,
    );
    expect(plan).not.toMatch(/Seq Scan on campaign_recipients/);
  });

  test("M5 rows that came due again are claimed before the never-tried; rows not due wait", async () => {
    const { database } = db;
    const { accountId } = await createAccount(database);
    const campaignId = await sendingCampaign(accountId, BATCH + 50);
    const ledger = sql`account_id = ${accountId} and campaign_id = ${campaignId}::uuid`;
    await database.forAccount(accountId, async (tx) => {
      // Ten retries due now and ten not yet, at the far end of the contacts' order.
      await tx.execute(sql`
        update campaign_recipients set state = 'deferred', attempts = 1,
               next_attempt_at = now() - interval '1 minute'
         where ${ledger} and contact_id in (
           select contact_id from campaign_recipients where ${ledger}
            order by contact_id desc limit 10)`);
      await tx.execute(sql`
        update campaign_recipients set state = 'deferred', attempts = 1,
               next_attempt_at = now() + interval '1 hour'
         where ${ledger} and state = 'queued' and contact_id in (
           select contact_id from campaign_recipients where ${ledger} and state = 'queued'
            order by contact_id desc limit 10)`);
    });
    const first = await claimBatch(database, { accountId, campaignId, runId: "run" });
    expect(first).toHaveLength(BATCH);
    expect(first!.filter((row) => row.attempts === 2)).toHaveLength(10);
    const second = await claimBatch(database, { accountId, campaignId, runId: "run" });
    expect(second).toHaveLength(BATCH + 50 - BATCH - 10);
    expect(second!.every((row) => row.attempts === 1)).toBe(true);
    expect(await claimBatch(database, { accountId, campaignId, runId: "run" })).toEqual([]);
  });

  test("M5 answers are written in groups, each row moved only from sending; at most `limit` wait unwritten; a failed write fails the batch", async () => {
    const { database } = db;
    const { accountId } = await createAccount(database);
    const campaignId = await sendingCampaign(accountId, 70);
    const batch = (await claimBatch(database, { accountId, campaignId, runId: "run" }))!;
    // The database's writes wait for the gate: what the senders may do meanwhile is the bound.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held: Database = {
      ...database,
      forAccount: async (id, work) => {
        await gate;
        return database.forAccount(id, work);
      },
    };
    const settler = createSettler(held, { accountId, campaignId }, { limit: 4 });
    const [refused, ...rest] = batch;
    let released = 0;
    const adds = [
      settler.add(
        refused!,
        settlementOf(refused!, { kind: "refused", reason: "550 no", bounced: false }),
      ),
      ...rest.slice(0, 9).map((row) => settler.add(row, settlementOf(row, { kind: "sent" }))),
    ].map((added) => added.then(() => released++));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(released).toBe(4);
    open();
    await Promise.all(adds);
    await settler.drain();
    expect(await stateCounts(accountId, campaignId)).toMatchObject({
      sent: 9,
      failed: 1,
      sending: 60,
    });
    const [failedRow] = await database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(campaignRecipients)
        .where(sql`${campaignRecipients.contactId} = ${refused!.contactId}`),
    );
    expect(failedRow).toMatchObject({ state: "failed", lastError: "550 no" });
    // A row already settled is not moved again by a late answer.
    const late = createSettler(database, { accountId, campaignId }, { limit: 4 });
    await late.add(refused!, settlementOf(refused!, { kind: "sent" }));
    await late.drain();
    expect(await stateCounts(accountId, campaignId)).toMatchObject({ sent: 9, failed: 1 });
    // A write that fails is the batch's failure, at drain.
    const broken = createSettler(database, { accountId, campaignId: "not-a-uuid" }, { limit: 4 });
    await broken.add(rest[50]!, settlementOf(rest[50]!, { kind: "sent" }));
    await expect(broken.drain()).rejects.toThrow();
  });

  async function stateCounts(accountId: string, campaignId: string) {
    const { rows } = await db.database.forAccount(accountId, (tx) =>
      tx.execute<{ state: string; n: number }>(sql`
        select state, count(*)::int as n from campaign_recipients
         where campaign_id = ${campaignId}::uuid group by state`),
    );
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
  }
});
