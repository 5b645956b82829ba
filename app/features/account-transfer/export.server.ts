import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import type { Database, Tx } from "~/platform/db/database.server";
import { privateBucket, type ListedFile, type Storage } from "~/platform/storage/storage.server";
import { accountBucket } from "~/features/members/members.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  MANIFEST_ENTRY,
  PEOPLE_ENTRY,
  fileEntry,
  tableEntry,
  type BucketKind,
  type Manifest,
} from "./archive-format";
import type { ExportCounts } from "./export-shapes";
import {
  columnList,
  planAccountTables,
  quoted,
  schemaVersion,
  type AccountTable,
} from "./catalog.server";

export type TransferServices = { database: Database; storage: Storage };

/** Rows read per statement: a page of a large table, never the table at once. */
const PAGE_ROWS = 1000;
/** The account's own exports live here; an export never carries the earlier ones. */
export const EXPORTS_PREFIX = "exports/";

export const bucketOf = (kind: BucketKind, accountId: string) =>
  kind === "account" ? accountBucket(accountId) : privateBucket(accountId);

/**
 * One table's rows, a JSON object per line, paged by its primary key (keyset: each page starts
 * after the last row of the one before, read back from that row's own JSON).
 */
async function writeTable(
  tx: Tx,
  table: AccountTable,
  accountId: string,
  file: string,
): Promise<number> {
  const handle = await fs.promises.open(file, "w");
  let rows = 0;
  try {
    let last: string | null = null;
    for (;;) {
      // The account's policy already hides other accounts' rows, except where every account's
      // are public (the accounts registry): named here as well.
      const after: ReturnType<typeof sql> = last
        ? sql`and (${sql.raw(columnList(table.key))}) > (select ${sql.raw(columnList(table.key))} from json_populate_record(null::${sql.raw(quoted(table.name))}, ${last}::json))`
        : sql``;
      const { rows: page } = await tx.execute<{ line: string }>(
        sql`select row_to_json(x)::text as line from (select ${sql.raw(columnList(table.columns))} from ${sql.raw(quoted(table.name))} where account_id = ${accountId} ${after} order by ${sql.raw(columnList(table.key))} limit ${PAGE_ROWS}) x`,
      );
      if (page.length === 0) break;
      await handle.write(page.map((row) => `${row.line}\n`).join(""));
      rows += page.length;
      last = page.at(-1)!.line;
      if (page.length < PAGE_ROWS) break;
    }
  } finally {
    await handle.close();
  }
  return rows;
}

/** Who the rows name: every value of a column that references a person. */
async function peopleNamed(tx: Tx, table: AccountTable, accountId: string): Promise<string[]> {
  const found: string[] = [];
  for (const column of table.people) {
    const { rows } = await tx.execute<{ id: string }>(
      sql`select distinct ${sql.raw(quoted(column))} as id from ${sql.raw(quoted(table.name))} where account_id = ${accountId} and ${sql.raw(quoted(column))} is not null`,
    );
    found.push(...rows.map((row) => row.id));
  }
  return found;
}

/** Whether the account has a value in `column` (a sealed key it will have to enter again). */
async function holdsValues(tx: Tx, table: AccountTable, column: string, accountId: string) {
  const { rows } = await tx.execute(
    sql`select 1 from ${sql.raw(quoted(table.name))} where account_id = ${accountId} and ${sql.raw(quoted(column))} is not null limit 1`,
  );
  return rows.length > 0;
}

async function writePeople(database: Database, ids: string[], file: string): Promise<number> {
  const { rows } = await database.owner.execute<{ line: string }>(
    sql`select row_to_json(x)::text as line from (
          select id, name, email, email_verified, image, phone_number, phone_number_verified, created_at
            from users
           where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
           order by id) x`,
  );
  await fs.promises.writeFile(file, rows.map((row) => `${row.line}\n`).join(""));
  return rows.length;
}

async function listFiles(storage: Storage, accountId: string) {
  const files: { kind: BucketKind; file: ListedFile }[] = [];
  for (const kind of ["account", "private"] as const)
    for await (const file of storage.list(bucketOf(kind, accountId)))
      if (!(kind === "private" && file.key.startsWith(EXPORTS_PREFIX))) files.push({ kind, file });
  return files.sort((a, b) =>
    fileEntry(a.kind, a.file.key).localeCompare(fileEntry(b.kind, b.file.key)),
  );
}

function addEntry(pack: tar.Pack, name: string, size: number, body: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date(0) }, (error) =>
      error ? reject(error) : resolve(),
    );
    body.on("error", reject);
    body.pipe(entry);
  });
}

/**
 * Writes account `accountId`'s archive to `output`: its rows read in one snapshot, the people
 * they name (no passwords), then its files streamed from storage one at a time. Memory stays
 * flat whatever the account's size: tables go through temporary files, files straight through.
 */
export async function writeAccountArchive(
  { database, storage }: TransferServices,
  accountId: string,
  output: NodeJS.WritableStream,
): Promise<ExportCounts> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lyceum-export-"));
  try {
    const plan = await planAccountTables(database.owner);
    const version = await schemaVersion(database.owner);
    const tableFile = (table: AccountTable) => path.join(work, `${table.name}.ndjson`);
    const { counts, people, leftOut, account } = await database.snapshotOfAccount(
      accountId,
      async (tx) => {
        const counts = new Map<string, number>();
        const people = new Set<string>();
        const leftOut: string[] = [];
        for (const table of plan) {
          counts.set(table.name, await writeTable(tx, table, accountId, tableFile(table)));
          for (const id of await peopleNamed(tx, table, accountId)) people.add(id);
          for (const column of table.sealed)
            if (await holdsValues(tx, table, column, accountId))
              leftOut.push(`${table.name}.${column}`);
        }
        const { rows } = await tx.execute<{ slug: string; domain: string | null }>(
          sql`select slug, domain from accounts where account_id = ${accountId}`,
        );
        return { counts, people, leftOut, account: rows[0] };
      },
    );
    if (!account) throw new Error(`no account ${accountId}`);
    const peopleFile = path.join(work, PEOPLE_ENTRY);
    const peopleCount = await writePeople(database, [...people], peopleFile);
    const files = await listFiles(storage, accountId);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: new Date().toISOString(),
      schemaVersion: version,
      account: { id: accountId, slug: account.slug, domain: account.domain },
      people: peopleCount,
      tables: plan.map((table) => ({
        name: table.name,
        columns: table.columns,
        rows: counts.get(table.name) ?? 0,
      })),
      files: { count: files.length, bytes: files.reduce((sum, { file }) => sum + file.size, 0) },
      leftOut,
    };

    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), output as NodeJS.WritableStream);
    // Awaited below; an entry's failure is the one thrown, the pipeline's end follows from it.
    written.catch(() => undefined);
    const fromDisk = async (name: string, file: string) =>
      addEntry(pack, name, (await fs.promises.stat(file)).size, fs.createReadStream(file));
    try {
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
      await addEntry(pack, MANIFEST_ENTRY, manifestBytes.length, Readable.from([manifestBytes]));
      await fromDisk(PEOPLE_ENTRY, peopleFile);
      for (const table of plan) await fromDisk(tableEntry(table.name), tableFile(table));
      for (const { kind, file } of files) {
        const body = await storage.read({ bucket: bucketOf(kind, accountId), key: file.key });
        await addEntry(pack, fileEntry(kind, file.key), file.size, Readable.fromWeb(body as never));
      }
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
      throw error;
    }
    await written;
    return {
      tables: plan.length,
      rows: [...counts.values()].reduce((sum, n) => sum + n, 0),
      people: peopleCount,
      files: manifest.files.count,
      bytes: manifest.files.bytes,
    };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
