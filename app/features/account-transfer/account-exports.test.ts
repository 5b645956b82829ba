import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  buildWorld,
  runMatrix,
  type ActorKind,
  type Place,
  type World,
} from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { listExports, requestExport } from "./account-transfer.server";
import { MANIFEST_ENTRY } from "./archive-format";
import { KEPT_EXPORTS, type ExportRow } from "./export-shapes";

const superAdminEmail = "root@platform.test";

async function entryNames(body: ArrayBuffer) {
  const extract = tar.extract();
  const done = pipeline(Readable.from([Buffer.from(body)]), createGunzip(), extract);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  await done;
  return names;
}

describe.each(logicBackends)("I37 an owner's exports on %s", (backend) => {
  let db: TestDatabase;
  let rig: ReturnType<typeof createTestApp>;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    rig = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail });
    await rig.services.jobs.start();
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  async function exportMade(): Promise<ExportRow> {
    const asked = await requestExport(rig.services, {
      accountId: world.demo.accountId,
      userId: world.people.owner.userId,
    });
    for (let tries = 0; tries < 300; tries++) {
      const row = (await listExports(db.database, world.demo.accountId)).find(
        (candidate) => candidate.id === asked.id,
      );
      if (row && (row.status === "ready" || row.status === "failed")) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the export did not finish");
  }

  test("I37 the job makes the archive; one export at a time; its owner downloads it, nobody else", async () => {
    const first = requestExport(rig.services, {
      accountId: world.demo.accountId,
      userId: world.people.owner.userId,
    });
    const again = requestExport(rig.services, {
      accountId: world.demo.accountId,
      userId: world.people.owner.userId,
    });
    const [one, two] = await Promise.all([first, again]);
    expect(two.id).toBe(one.id);
    const made = await exportMade();
    expect(made).toMatchObject({ id: one.id, status: "ready" });
    expect(made.counts!.people).toBeGreaterThanOrEqual(3);
    expect(made.sizeBytes).toBeGreaterThan(0);

    const owner = createClient(rig.app, { host: world.demo.host, ip: "10.78.0.1" });
    await owner.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    const res = await owner.request(`/api/account/exports/${made.id}/archive`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const day = made.finishedAt!.slice(0, 10);
    expect(res.headers.get("content-disposition")).toContain(`demo`);
    expect(res.headers.get("content-disposition")).toContain(`-${day}.tar.gz`);
    const names = await entryNames(await res.arrayBuffer());
    expect(names[0]).toBe(MANIFEST_ENTRY);
    expect(names).toContain("tables/members.ndjson");

    /**
     * Only the asked site's owner gets past the rule (a super-admin is one on the platform's
     * host only; a session is no session on another site's host); the export is demo's.
     */
    const expected = (found: number) => (actor: ActorKind, place: Place) => {
      if (actor === "anonymous" || place === "other") return 401;
      if (actor === "otherOwner") return 404;
      return actor === "owner" ? found : 403;
    };
    const problems = await runMatrix(rig.app, world, [
      {
        name: "GET an export's archive (its site's owner and super-admins only)",
        method: "GET",
        path: `/api/account/exports/${made.id}/archive`,
        expect: expected(200),
        contentType: (actor, place) =>
          expected(200)(actor, place) === 200 ? "application/gzip" : undefined,
      },
      {
        name: "GET an archive by an id that is not a uuid",
        method: "GET",
        path: "/api/account/exports/not-an-id/archive",
        expect: expected(404),
      },
    ]);
    expect(problems).toEqual([]);
  }, 120_000);

  test(`I37 the ${KEPT_EXPORTS} latest archives are kept; an older one goes, file and all`, async () => {
    const made: ExportRow[] = [];
    for (let round = 0; round < KEPT_EXPORTS + 1; round++) made.push(await exportMade());
    const kept = (await listExports(db.database, world.demo.accountId)).filter(
      (row) => row.status === "ready",
    );
    expect(kept.map((row) => row.id)).toEqual(
      made
        .slice(-KEPT_EXPORTS)
        .reverse()
        .map((row) => row.id),
    );
    const owner = createClient(rig.app, { host: world.demo.host, ip: "10.78.0.2" });
    await owner.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    expect((await owner.request(`/api/account/exports/${made[0]!.id}/archive`)).status).toBe(404);
    expect((await owner.request(`/api/account/exports/${made.at(-1)!.id}/archive`)).status).toBe(
      200,
    );
  }, 120_000);

  test("I37 a member downloads what this site holds about them, and nothing about anyone else", async () => {
    const student = createClient(rig.app, { host: world.demo.host, ip: "10.78.0.3" });
    expect((await student.request("/api/account/my-data")).status).toBe(401);
    await student.post("/api/auth/sign-in/email", {
      email: world.people.student.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    const res = await student.request("/api/account/my-data");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/my-data-\d{4}-\d{2}-\d{2}\.json/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = (await res.json()) as {
      person: { id: string; email: string };
      records: Record<string, Record<string, unknown>[]>;
    };
    expect(body.person).toMatchObject({
      id: world.people.student.userId,
      email: world.people.student.email,
    });
    expect(body.records.members!.map((row) => row.user_id)).toEqual([world.people.student.userId]);
    const text = JSON.stringify(body);
    for (const other of [world.people.owner, world.people.instructor, world.people.otherOwner]) {
      expect(text).not.toContain(other.userId);
      expect(text).not.toContain(other.email);
    }
    expect(text).not.toContain("password");
    // A few copies an hour per person: the sixth is refused until the hour is out.
    for (let copy = 2; copy <= 5; copy++)
      expect((await student.request("/api/account/my-data")).status).toBe(200);
    const refused = await student.request("/api/account/my-data");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
