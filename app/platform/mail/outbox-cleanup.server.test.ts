import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { OUTBOX_KEEP_DAYS, pruneOutbox } from "./outbox-cleanup.server";
import { mailOutbox } from "./tables.server";

const now = new Date("2026-06-30T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe.each(logicBackends)("M8 the outbox cleanup on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.dispose());

  test("M8 the cleanup deletes only outbox mail older than a month", async () => {
    const mail = (subject: string, createdAt: Date) => ({
      site: "acme",
      toAddress: "a@example.test",
      subject,
      textBody: "t",
      htmlBody: "<p>t</p>",
      createdAt,
    });
    await db.database.owner
      .insert(mailOutbox)
      .values([
        mail("old", daysAgo(OUTBOX_KEEP_DAYS + 1)),
        mail("month", daysAgo(OUTBOX_KEEP_DAYS - 1)),
        mail("new", daysAgo(0)),
      ]);
    expect(await pruneOutbox(db.database, { now })).toEqual({ mails: 1 });
    const left = await db.database.owner.select({ subject: mailOutbox.subject }).from(mailOutbox);
    expect(left.map((row) => row.subject).sort()).toEqual(["month", "new"]);
  });
});
