// M5 the bounce and complaint endpoint in the cross-account HTTP matrix: a machine's endpoint,
// proven by the platform's key only. No session, on any site or on the base domain, is a key;
// and with no key configured the endpoint does not exist.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, runMatrix, type MatrixRoute, type World } from "./support/access-matrix";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const places = ["own", "other", "platform"] as const;

const withKey: MatrixRoute[] = [
  {
    name: "POST /api/email/feedback with a session and no key (401 for everyone)",
    method: "POST",
    path: "/api/email/feedback",
    expect: () => 401,
  },
  {
    name: "POST /api/email/feedback with a JSON body (415: a raw mail is what it reads)",
    method: "POST",
    path: "/api/email/feedback",
    body: () => ({ bounced: ["ada@example.com"] }),
    expect: () => 415,
  },
];
const keyless: MatrixRoute[] = [
  {
    name: "POST /api/email/feedback with no MAIL_FEEDBACK_KEY configured (404 for everyone)",
    method: "POST",
    path: "/api/email/feedback",
    expect: () => 404,
  },
];

describe.each(logicBackends)("M5 bounce and complaint endpoint HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  test("A11 the feedback endpoint answers each actor, on each host, as stated", async () => {
    const keyed = createTestApp(db.database, {
      SUPER_ADMIN_EMAILS: superAdminEmail,
      MAIL_FEEDBACK_KEY: "matrix-feedback-key-0123456789abcdef0123",
    }).app;
    expect(await runMatrix(keyed, world, withKey, { places })).toEqual([]);
    const plain = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }).app;
    expect(await runMatrix(plain, world, keyless, { places })).toEqual([]);
  });
});
