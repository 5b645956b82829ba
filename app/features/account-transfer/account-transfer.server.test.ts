import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { createLocalStorage, type Storage } from "~/platform/storage/storage.server";
import { seedDemo } from "../../../scripts/demo-seed";
import { demoSites } from "../../../scripts/demo-content";
import { databaseDigest } from "../../../tests/support/database-digest";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { MANIFEST_ENTRY, manifestSchema, tableEntry } from "./archive-format";
import { planAccountTables } from "./catalog.server";
import { bucketOf, writeAccountArchive } from "./export.server";
import { readAccountArchive } from "./import.server";

const site = demoSites[0]!;

/** Every row of the account, table by table, as the account itself reads them. */
async function accountRows(database: Database, accountId: string) {
  const plan = await planAccountTables(database.owner);
  return database.forAccount(accountId, async (tx) => {
    const tables: Record<string, string[]> = {};
    for (const table of plan) {
      const { rows } = await tx.execute<{ line: string }>(
        sql.raw(
          `select row_to_json(x)::text as line from (select ${table.columns.map((c) => `"${c}"`).join(", ")} from "${table.name}" where account_id = '${accountId}' order by ${table.key.map((c) => `"${c}"`).join(", ")}) x`,
        ),
      );
      tables[table.name] = rows.map((row) => row.line);
    }
    return tables;
  });
}

async function filesOf(storage: Storage, accountId: string) {
  const files: Record<string, string> = {};
  for (const kind of ["account", "private"] as const) {
    const bucket = bucketOf(kind, accountId);
    for await (const { key } of storage.list(bucket))
      files[`${kind}/${key}`] = (await storage.get({ bucket, key }))!.body.toString("base64");
  }
  return files;
}

/** The archive's entries, each as text or bytes, in the order written. */
async function entriesOf(file: string) {
  const extract = tar.extract();
  const done = pipeline(fs.createReadStream(file), createGunzip(), extract);
  const entries: { name: string; body: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, body: Buffer.concat(chunks) });
  }
  await done;
  return entries;
}

async function writeArchive(file: string, entries: { name: string; body: Buffer }[]) {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const { name, body } of entries) pack.entry({ name }, body);
  pack.finalize();
  await done;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "imported",
    (error: unknown) => {
      if (!(error instanceof AppError)) return String(error);
      const reason = (error.details as { reason?: string } | undefined)?.reason;
      return reason ? `${error.code}: ${reason}` : error.code;
    },
  );

describe.each(backends)("I37 an account's export and import on %s", (backend) => {
  let source: TestDatabase;
  let target: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-transfer-"));
  const sourceStorage = createLocalStorage({ root: path.join(dir, "source-files") });
  const targetStorage = createLocalStorage({ root: path.join(dir, "target-files") });
  const archive = path.join(dir, "account.tar.gz");
  let accountId = "";
  let ownerId = "";
  let summary: Awaited<ReturnType<typeof writeAccountArchive>>;

  beforeAll(async () => {
    [source, target] = await Promise.all([
      createTestDatabase(backend),
      createTestDatabase(backend),
    ]);
    await seedDemo(source.database, { replace: false });
    accountId = (await findAccountForSlug(source.database, site.slug))!.accountId;
    const { rows } = await source.database.owner.execute<{ id: string }>(
      sql`select id from users where email = ${site.people[0]!.email}`,
    );
    ownerId = rows[0]!.id;
    const put = (kind: "account" | "private", key: string, body: Buffer) =>
      sourceStorage.put({ bucket: bucketOf(kind, accountId), key, body, contentType: "" });
    await put("account", "media/m1/original.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]));
    await put("account", "logo.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"));
    await put("private", "tickets/t1/f1", Buffer.alloc(300_000, 7));
    await put("private", "exports/earlier.tar.gz", Buffer.from("an earlier export"));
    await source.database.forAccount(accountId, (tx) =>
      tx.execute(
        sql`insert into media (account_id, owner_id, kind, mime, original_name, size_bytes, width, height, storage_key)
            values (${accountId}, ${ownerId}, 'image', 'image/png', 'cover.png', 6, 1, 1, 'media/m1/original.png')`,
      ),
    );
    // A saved payment key, sealed with the source server's secret.
    await source.database.forAccount(accountId, (tx) =>
      tx.execute(
        sql`insert into payment_providers (account_id, provider, public_key, secret_sealed)
            values (${accountId}, 'stripe', 'pk_test_1', 'v1.sealed-elsewhere')
            on conflict (account_id, provider) do update set secret_sealed = excluded.secret_sealed`,
      ),
    );
    summary = await writeAccountArchive(
      { database: source.database, storage: sourceStorage },
      accountId,
      fs.createWriteStream(archive),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all([source?.dispose(), target?.dispose()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("I37 an account exported and imported into a second database has every page, course, order and file equal", async () => {
    // The owner already has a login on the new server, under another id: matched by e-mail.
    const ownerHere = randomUUID();
    await target.database.owner.execute(
      sql`insert into users (id, name, email) values (${ownerHere}, 'Already here', ${site.people[0]!.email.toUpperCase()})`,
    );
    expect(summary.files).toBe(3);
    expect(summary.people).toBe(site.people.length);

    const entries = await entriesOf(archive);
    expect(entries[0]!.name).toBe(MANIFEST_ENTRY);
    const manifest = manifestSchema.parse(JSON.parse(entries[0]!.body.toString()));
    expect(manifest.account).toEqual({ id: accountId, slug: site.slug, domain: null });
    expect(manifest.leftOut).toContain("payment_providers.secret_sealed");
    expect(entries.map((entry) => entry.name)).not.toContain(
      "files/private/exports/earlier.tar.gz",
    );
    const text = entries.map((entry) => entry.body.toString("latin1")).join("\n");
    expect(text).not.toContain("v1.sealed-elsewhere");
    // No password hash, session or second factor travels (scrypt hashes are salt:hash hex).
    expect(text).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{128}/);

    const imported = await readAccountArchive(
      { database: target.database, storage: targetStorage },
      fs.createReadStream(archive),
    );
    expect(imported).toMatchObject({
      accountId,
      slug: site.slug,
      files: 3,
      matchedPeople: 1,
      newPeople: site.people.length - 1,
    });

    const before = await accountRows(source.database, accountId);
    const after = await accountRows(target.database, accountId);
    for (const table of ["pages", "posts", "courses", "lessons", "orders", "order_items", "media"])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    // The same rows, the owner's now naming the person already here.
    const repointed = Object.fromEntries(
      Object.entries(before).map(([table, lines]) => [
        table,
        lines.map((line) => line.replaceAll(ownerId, ownerHere)),
      ]),
    );
    expect(after).toEqual(repointed);
    const [provider] = (
      await target.database.forAccount(accountId, (tx) =>
        tx.execute<{ secret_sealed: string | null }>(
          sql`select secret_sealed from payment_providers where provider = 'stripe'`,
        ),
      )
    ).rows;
    expect(provider!.secret_sealed).toBeNull();

    const sourceFiles = await filesOf(sourceStorage, accountId);
    delete sourceFiles["private/exports/earlier.tar.gz"];
    expect(await filesOf(targetStorage, accountId)).toEqual(sourceFiles);

    // The next order here never takes a number the archive holds.
    const { rows } = await target.database.owner.execute<{ fresh: number; highest: number }>(
      sql`select nextval('orders_number_seq')::int as fresh, (select max(number) from orders)::int as highest`,
    );
    expect(rows[0]!.fresh).toBeGreaterThan(rows[0]!.highest);

    // A second import of the same account is refused, whatever slug it asks for.
    expect(
      await refusal(
        readAccountArchive(
          { database: target.database, storage: targetStorage },
          fs.createReadStream(archive),
          {
            slug: "another-slug",
          },
        ),
      ),
    ).toBe("transfer.accountExists");
    // A new slug must be one a new site could take.
    for (const [slug, code] of [
      ["www", "accounts.slugReserved"],
      ["Not A Slug!", "request.invalid: slug Not A Slug!"],
    ])
      expect(
        await refusal(
          readAccountArchive(
            { database: source.database, storage: sourceStorage },
            fs.createReadStream(archive),
            { slug },
          ),
        ),
      ).toBe(code);
  }, 120_000);

  test("I37 an archive that is broken, tampered with or from a newer server changes nothing", async () => {
    const fresh = await createTestDatabase(backend);
    const storage = createLocalStorage({ root: path.join(dir, `fresh-${randomUUID()}`) });
    try {
      const entries = await entriesOf(archive);
      const digest = await databaseDigest(fresh.database);
      const attempt = async (name: string, changed: { name: string; body: Buffer }[]) => {
        const file = path.join(dir, `${name}.tar.gz`);
        await writeArchive(file, changed);
        return refusal(
          readAccountArchive({ database: fresh.database, storage }, fs.createReadStream(file)),
        );
      };

      // A page moved into another account: the imported account's policy refuses the row.
      const pages = entries.find((entry) => entry.name === tableEntry("pages"))!;
      const [first, ...rest] = pages.body.toString().trimEnd().split("\n");
      const stranger = first!.replace(
        `"account_id":"${accountId}"`,
        `"account_id":"${randomUUID()}"`,
      );
      expect(stranger).not.toBe(first);
      const tampered = entries.map((entry) =>
        entry === pages ? { ...entry, body: Buffer.from([stranger, ...rest].join("\n")) } : entry,
      );
      expect(await attempt("tampered", tampered)).toBe("transfer.invalidArchive: rows");

      // Rows missing from a table the manifest counts (one no other page names as its parent).
      const lines = pages.body.toString().trimEnd().split("\n");
      const leaf = lines.find((line) => {
        const id = (JSON.parse(line) as { id: string }).id;
        return !lines.some((other) => other !== line && other.includes(id));
      });
      const short = entries.map((entry) =>
        entry === pages
          ? { ...entry, body: Buffer.from(lines.filter((line) => line !== leaf).join("\n")) }
          : entry,
      );
      expect(await attempt("short", short)).toBe("transfer.invalidArchive: rows of pages");

      // From a server with more migrations than this one.
      const manifest = JSON.parse(entries[0]!.body.toString());
      const newer = [
        {
          name: MANIFEST_ENTRY,
          body: Buffer.from(JSON.stringify({ ...manifest, schemaVersion: 10_000 })),
        },
        ...entries.slice(1),
      ];
      expect(await attempt("newer", newer)).toBe("transfer.newerArchive");

      // Not an archive at all; an archive cut short.
      fs.writeFileSync(path.join(dir, "garbage.tar.gz"), "not a tar");
      expect(
        await refusal(
          readAccountArchive(
            { database: fresh.database, storage },
            fs.createReadStream(path.join(dir, "garbage.tar.gz")),
          ),
        ),
      ).toBe("transfer.invalidArchive: not a gzipped tar archive");
      const whole = fs.readFileSync(archive);
      expect(
        await refusal(
          readAccountArchive(
            { database: fresh.database, storage },
            Readable.from([whole.subarray(0, whole.length >> 1)]),
          ),
        ),
      ).toBe("transfer.invalidArchive: not a gzipped tar archive");

      expect(await databaseDigest(fresh.database)).toEqual(digest);
      expect(await filesOf(storage, accountId)).toEqual({});
    } finally {
      await fresh.dispose();
    }
  }, 120_000);

  test("I37 an export whose files cannot be read fails with that error, and leaves no half archive", async () => {
    const broken: Storage = {
      ...sourceStorage,
      read: async () => {
        throw new Error("the store is down");
      },
    };
    const file = path.join(dir, "broken.tar.gz");
    await expect(
      writeAccountArchive(
        { database: source.database, storage: broken },
        accountId,
        fs.createWriteStream(file),
      ),
    ).rejects.toThrow("the store is down");
    // The output ends unfinished: no reader takes it for a whole archive.
    expect(() => gunzipSync(fs.readFileSync(file))).toThrow();
  });
});
