import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { BATCH, claimBatch } from "./campaign-ledger.server";
import { campaigns } from "./tables.server";

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

  test("M5 a fresh ledger is claimed a batch at a time, each row once", async () => {
    const { database } = db;
    const { accountId } = await createAccount(database);
    const rows = 3 * BATCH + 17;
    const campaignId = await database.forAccount(accountId, async (tx) => {
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
});
