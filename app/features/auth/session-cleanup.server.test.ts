import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { deleteExpiredSessions } from "./session-cleanup.server";
import { sessions, verifications } from "./tables.server";

const now = new Date("2026-06-30T12:00:00Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe.each(logicBackends)("M8 the expired-session cleanup on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.dispose());

  test("M8 the cleanup deletes only sessions and codes whose time ran out", async () => {
    const user = await createUser(db.database);
    const session = (name: string, expiresAt: Date) => ({
      id: name,
      token: `${name}-${randomUUID()}`,
      userId: user.id,
      expiresAt,
    });
    await db.database.owner
      .insert(sessions)
      .values([
        session("expired-long-ago", at(-60 * 24 * 30)),
        session("expired-just-now", at(-1)),
        session("still-valid", at(1)),
        session("valid-for-weeks", at(60 * 24 * 14)),
      ]);
    await db.database.owner.insert(verifications).values([
      { id: "code-old", identifier: "reset", value: "a", expiresAt: at(-5) },
      { id: "code-fresh", identifier: "reset", value: "b", expiresAt: at(5) },
    ]);

    expect(await deleteExpiredSessions(db.database, { now })).toEqual({
      sessions: 2,
      verifications: 1,
    });
    const left = await db.database.owner.select({ id: sessions.id }).from(sessions);
    expect(left.map((row) => row.id).sort()).toEqual(["still-valid", "valid-for-weeks"]);
    const codes = await db.database.owner.select({ id: verifications.id }).from(verifications);
    expect(codes.map((row) => row.id)).toEqual(["code-fresh"]);
    // Nothing more to do the second time.
    expect(await deleteExpiredSessions(db.database, { now })).toEqual({
      sessions: 0,
      verifications: 0,
    });
  });
});
