import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createAccount,
  createCourse,
  createMember,
  createPage,
  createPost,
  createComment,
  createRevision,
  setOption,
} from "../../../tests/factories";
import { createAnalyticsRows } from "../../../tests/factories/analytics";
import { createCommerceRows } from "../../../tests/factories/commerce";
import { createBusinessRows } from "../../../tests/factories/business";
import { createContactRows } from "../../../tests/factories/contacts";
import { createFormRows } from "../../../tests/factories/forms";
import { createPopupRows } from "../../../tests/factories/popups";
import { createCampaignRows } from "../../../tests/factories/campaigns";
import { createAutomationRows } from "../../../tests/factories/automations";
import { createAffiliateRows } from "../../../tests/factories/affiliates";
import { createFunnelRows } from "../../../tests/factories/funnels";
import { createAppointmentRows } from "../../../tests/factories/appointments";
import { createInviteRow } from "../../../tests/factories/community";
import { createGroupRows } from "../../../tests/factories/groups";
import { createMessageRows } from "../../../tests/factories/messages";
import { createLearningRows } from "../../../tests/factories/learning";
import { createMediaRow } from "../../../tests/factories/media";
import { createNotificationRows } from "../../../tests/factories/notifications";
import { createWebhookRows } from "../../../tests/factories/webhooks";
import { findIsolationLeaks } from "../../../tests/support/isolation-probe";
import { openDatabase, type Database } from "./database.server";
import { countAppliedMigrations, findAppRoleProblems } from "./health.server";
import {
  ensurePgliteDump,
  ensurePgliteTemplate,
  findPgliteTemplate,
  pgliteTemplateKey,
} from "./pglite-template.server";

const realMigrations = path.resolve(import.meta.dirname, "../../../drizzle");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-template-"));
const root = path.join(scratch, "build");
const cache = path.join(scratch, "cache");
let dataDirs = 0;
const newDataDir = () => path.join(scratch, `data-${++dataDirs}`);

/** A copy of the real migrations that a test may change. */
function migrationsCopy(name: string): string {
  const folder = path.join(scratch, name);
  fs.cpSync(realMigrations, folder, { recursive: true });
  return folder;
}

/** The cluster's identity: initdb draws a new one; a copy of a template keeps the template's. */
async function systemIdentifier(database: Database): Promise<string> {
  const result = await database.owner.execute<{ id: string }>(
    sql`select system_identifier::text as id from pg_control_system()`,
  );
  return result.rows[0]!.id;
}

/** The same, read from a data directory at rest (pg_control starts with it, little-endian). */
const identifierOnDisk = (dataDir: string) =>
  fs
    .readFileSync(path.join(dataDir, "global", "pg_control"))
    .readBigUInt64LE(0)
    .toString();

async function appliedMigrations(database: Database) {
  const result = await database.owner.execute<{ hash: string; created_at: string }>(
    sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
  return result.rows.map((row) => [row.hash, Number(row.created_at)]);
}

describe("I12 PGlite template for a first start", () => {
  let migrations: string;
  let template: string;

  beforeAll(async () => {
    migrations = migrationsCopy("drizzle");
    const first = await ensurePgliteTemplate({ root, cache, migrationsFolder: migrations });
    expect(first.made).toBe(true);
    template = first.dir;
  });
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  test("I12 a new data directory starts as the template: every migration applied, as migrating one records them", async () => {
    expect(findPgliteTemplate(root, migrations)).toBe(template);
    const dataDir = newDataDir();
    const database = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      expect(await systemIdentifier(database)).toBe(identifierOnDisk(template));
      const expected = readMigrationFiles({ migrationsFolder: migrations }).map((m) => [
        m.hash,
        m.folderMillis,
      ]);
      expect(await appliedMigrations(database)).toEqual(expected);
      await database.migrate(migrations);
      expect(await countAppliedMigrations(database)).toBe(expected.length);
    } finally {
      await database.close();
    }
  });

  test("I12 a database started from the template passes the role check and keeps accounts apart", async () => {
    const database = await openDatabase({ kind: "pglite", dataDir: newDataDir(), template });
    try {
      expect(await findAppRoleProblems(database)).toEqual([]);
      const [a, b] = [await createAccount(database), await createAccount(database)];
      for (const { accountId } of [a, b]) {
        await setOption(database, { accountId, key: "theme", value: { bodyStyle: "full" } });
        await createPost(database, { accountId });
        await createRevision(database, { accountId });
        await createComment(database, { accountId });
        await createMediaRow(database, { accountId });
        await createPage(database, { accountId });
        await createCourse(database, { accountId, lessonTitles: ["one"] });
        const { user } = await createMember(database, { accountId });
        await createAnalyticsRows(database, { accountId });
        await createNotificationRows(database, { accountId, userId: user.id });
        await createLearningRows(database, { accountId, userId: user.id });
        const { order } = await createCommerceRows(database, { accountId, userId: user.id });
        await createBusinessRows(database, { accountId, userId: user.id, orderId: order.id });
        await createContactRows(database, { accountId });
        await createFormRows(database, { accountId });
        await createPopupRows(database, { accountId });
        await createCampaignRows(database, { accountId });
        await createAutomationRows(database, { accountId });
        await createAffiliateRows(database, { accountId });
        await createFunnelRows(database, { accountId });
        await createGroupRows(database, { accountId, userId: user.id });
        await createMessageRows(database, { accountId, userId: user.id });
        await createInviteRow(database, { accountId });
        await createInviteRow(database, { accountId });
        await createAppointmentRows(database, { accountId, userId: user.id });
        await createWebhookRows(database, { accountId });
      }
      const leaks = [
        ...(await findIsolationLeaks(database, { victim: a.accountId, attacker: b.accountId })),
        ...(await findIsolationLeaks(database, { victim: b.accountId, attacker: a.accountId })),
      ];
      expect(leaks).toEqual([]);
    } finally {
      await database.close();
    }
  });

  test("I12 a data directory that holds a database is opened as it is, never overwritten", async () => {
    const dataDir = newDataDir();
    const first = await openDatabase({ kind: "pglite", dataDir, template });
    const { accountId } = await createAccount(first, { slug: "kept" });
    await first.close();
    const again = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      const rows = await again.owner.execute<{ account_id: string }>(
        sql`select account_id from accounts where slug = 'kept'`,
      );
      expect(rows.rows.map((row) => row.account_id)).toEqual([accountId]);
    } finally {
      await again.close();
    }
  });

  test("I12 a copy cut short (no PG_VERSION yet) is made again on the next start", async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(dataDir);
    fs.cpSync(path.join(template, "base"), path.join(dataDir, "base"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "postgresql.conf"), "broken = \n");
    const database = await openDatabase({ kind: "pglite", dataDir, template });
    try {
      expect(await systemIdentifier(database)).toBe(identifierOnDisk(template));
      expect(await findAppRoleProblems(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  test("I12 a template made for other migrations or another PGlite is not used", async () => {
    const changed = migrationsCopy("drizzle-changed");
    const [last] = readMigrationFiles({ migrationsFolder: changed }).slice(-1);
    const lastFile = fs
      .readdirSync(changed)
      .filter((name) => name.endsWith(".sql"))
      .toSorted()
      .at(-1)!;
    fs.appendFileSync(path.join(changed, lastFile), "\n-- changed after the template was made\n");
    expect(readMigrationFiles({ migrationsFolder: changed }).at(-1)!.hash).not.toBe(last!.hash);
    expect(pgliteTemplateKey(changed)).not.toBe(pgliteTemplateKey(migrations));
    expect(findPgliteTemplate(root, changed)).toBeUndefined();
    expect(pgliteTemplateKey(migrations, { version: "0.0.0-other" })).not.toBe(
      pgliteTemplateKey(migrations),
    );

    // Through the same door as the server: no template found, so initdb and every migration.
    const dataDir = newDataDir();
    const database = await openDatabase({
      kind: "pglite",
      dataDir,
      template: findPgliteTemplate(root, changed),
    });
    try {
      expect(await systemIdentifier(database)).not.toBe(identifierOnDisk(template));
      await database.migrate(changed);
      const expected = readMigrationFiles({ migrationsFolder: changed }).map((m) => [
        m.hash,
        m.folderMillis,
      ]);
      expect(await appliedMigrations(database)).toEqual(expected);
    } finally {
      await database.close();
    }
  });

  test("I12 a later build copies the cached template and clears out templates of other migrations", async () => {
    fs.rmSync(root, { recursive: true });
    const stale = path.join(cache, "pglite-template-0000stale0000");
    const unusedLately = path.join(cache, "pglite-template-1111recent11");
    fs.mkdirSync(stale);
    fs.mkdirSync(unusedLately);
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    fs.utimesSync(stale, longAgo, longAgo);
    fs.mkdirSync(path.join(root, "pglite-template-2222other222"), { recursive: true });

    const again = await ensurePgliteTemplate({ root, cache, migrationsFolder: migrations });
    expect(again).toEqual({ dir: template, made: false });
    expect(identifierOnDisk(template)).toBe(
      identifierOnDisk(path.join(cache, path.basename(template))),
    );
    expect(fs.readdirSync(root)).toEqual([path.basename(template)]);
    expect(fs.readdirSync(cache).toSorted()).toEqual(
      [path.basename(template), path.basename(unusedLately)].toSorted(),
    );
  });

  test("I32 a test database loads a migrated dump instead of running initdb; a dump of other migrations goes", async () => {
    const dumps = path.join(scratch, "dumps");
    fs.mkdirSync(dumps);
    const stale = path.join(dumps, "pglite-template-3333stale333.tar");
    fs.writeFileSync(stale, "old");
    const file = await ensurePgliteDump({ cache: dumps, migrationsFolder: realMigrations });
    expect(path.basename(file)).toBe(`pglite-template-${pgliteTemplateKey(realMigrations)}.tar`);
    expect(fs.readdirSync(dumps)).toEqual([path.basename(file)]);
    expect(await ensurePgliteDump({ cache: dumps, migrationsFolder: realMigrations })).toBe(file);

    const loaded = await openDatabase({ kind: "pglite", memory: true, thread: true, load: file });
    try {
      expect(await countAppliedMigrations(loaded)).toBe(
        readMigrationFiles({ migrationsFolder: realMigrations }).length,
      );
      expect(await findAppRoleProblems(loaded)).toEqual([]);
      await createAccount(loaded, { slug: "loaded" });
    } finally {
      await loaded.close();
    }
  });
});
