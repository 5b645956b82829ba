import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import type { Tx } from "~/platform/db/database.server";
import { newSlugSchema, reservedSlugs } from "~/features/accounts/accounts";
import { AppError } from "~/platform/errors";
import { contentTypes, type FileRef } from "~/platform/storage/storage.server";
import { MANIFEST_ENTRY, manifestSchema, readEntryName, type Manifest } from "./archive-format";
import {
  columnList,
  planAccountTables,
  quoted,
  schemaVersion,
  type AccountTable,
} from "./catalog.server";
import { bucketOf, type TransferServices } from "./export.server";
import { invalid, linesOf } from "./archive-reading.server";
import { placePeople } from "./people.server";

export type ImportSummary = {
  accountId: string;
  slug: string;
  rows: number;
  files: number;
  /** People already on this server (matched by e-mail) whose rows now name them. */
  matchedPeople: number;
  /** People new to this server: they set a password through "Forgot password". */
  newPeople: number;
  /** The site's own domain, dropped because another site here holds it. */
  domainDropped: string | null;
  leftOut: string[];
};

/** Rows written per statement, and about the most text one statement carries. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;
const MANIFEST_MAX_BYTES = 1024 * 1024;
const uuidText = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const typeOf = (key: string) =>
  contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";

async function readAll(stream: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw invalid("manifest too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads the manifest and refuses an archive this server cannot take, before anything is written. */
async function checkManifest(
  { database }: TransferServices,
  raw: Buffer,
  options: { slug?: string },
): Promise<{ manifest: Manifest; slug: string; domain: string | null }> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(raw.toString("utf8")));
  } catch (error) {
    throw invalid("manifest", error);
  }
  if (manifest.schemaVersion > (await schemaVersion(database.owner)))
    throw new AppError({ code: "transfer.newerArchive" });
  const slug = options.slug ?? manifest.account.slug;
  // A site's address as a new site's must be (the archive's own is, unless it was altered).
  if (!newSlugSchema.safeParse(slug).success)
    throw new AppError({ code: "request.invalid", details: { reason: `slug ${slug}` } });
  if (reservedSlugs.has(slug)) throw new AppError({ code: "accounts.slugReserved" });
  const { rows } = await database.owner.execute<{
    account_id: string;
    slug: string;
    domain: string | null;
  }>(
    sql`select account_id, slug, domain from accounts
         where account_id = ${manifest.account.id} or slug = ${slug} or domain = ${manifest.account.domain}`,
  );
  if (rows.some((row) => row.account_id === manifest.account.id))
    throw new AppError({ code: "transfer.accountExists" });
  if (rows.some((row) => row.slug === slug)) throw new AppError({ code: "accounts.slugTaken" });
  const domainTaken = rows.some(
    (row) => row.domain !== null && row.domain === manifest.account.domain,
  );
  return { manifest, slug, domain: domainTaken ? null : manifest.account.domain };
}

/**
 * Writes one batch of a table's rows as they are in the archive (PostgreSQL reads each line
 * with json_populate_recordset, so a number or a timestamp is never re-read by JavaScript).
 */
async function insertBatch(
  tx: Tx,
  table: AccountTable,
  columns: string[],
  lines: string[],
  overrides: Record<string, unknown>,
) {
  const values = columns.map((column) =>
    column in overrides ? sql`${overrides[column]}` : sql.raw(`r.${quoted(column)}`),
  );
  await tx.execute(
    sql`insert into ${sql.raw(quoted(table.name))} (${sql.raw(columnList(columns))})
        select ${sql.join(values, sql`, `)}
          from json_populate_recordset(null::${sql.raw(quoted(table.name))}, ${`[${lines.join(",")}]`}::json) r`,
  );
}

/**
 * One table's rows, in batches. A table that references itself is read in passes, each
 * writing the rows whose parents are in (a page before its children, an original before its
 * translations): its constraints hold at every statement, with nothing written empty first.
 */
async function writeTable(
  tx: Tx,
  table: AccountTable,
  columns: string[],
  lines: () => AsyncIterable<string>,
  overrides: Record<string, unknown>,
): Promise<number> {
  const placed = new Map(table.selfReferences.map(({ target }) => [target, new Set<string>()]));
  const done = new Set<number>();
  let total = -1;
  for (;;) {
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length) await insertBatch(tx, table, columns, batch, overrides);
      batch = [];
      chars = 0;
    };
    const before = done.size;
    let index = 0;
    for await (const line of lines()) {
      const at = index++;
      if (done.has(at)) continue;
      if (table.selfReferences.length > 0) {
        const row = JSON.parse(line) as Record<string, unknown>;
        const ready = table.selfReferences.every(
          ({ column, target }) =>
            row[column] == null || placed.get(target)!.has(String(row[column])),
        );
        if (!ready) continue;
        // A parent and its child may share a statement: references are checked at its end.
        for (const [target, values] of placed) values.add(String(row[target]));
      }
      done.add(at);
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
    }
    await flush();
    total = index;
    if (done.size === total) return total;
    if (done.size === before) throw invalid(`references within ${table.name}`);
  }
}

/**
 * Rewrites every mention of a moved person's id in a row's text. Ids are random UUIDs (better-
 * auth's, as this server makes them): one found anywhere in a row is that person. Ids of another
 * shape are looked for as they are.
 */
function repointer(moved: Map<string, string>): (line: string) => string {
  if (moved.size === 0) return (line) => line;
  const pattern = [...moved.keys()].every((id) => new RegExp(`^${uuidText.source}$`).test(id))
    ? uuidText
    : new RegExp(
        [...moved.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
        "g",
      );
  return (line) => line.replace(pattern, (id) => moved.get(id) ?? id);
}

/**
 * Every table's rows in this server's order of references, people re-pointed, as the imported
 * account (its tenant policy checks every row is the account's own: an archive cannot write
 * into another account).
 */
async function writeRows(
  tx: Tx,
  plan: AccountTable[],
  manifest: Manifest,
  fileOf: (table: string) => string,
  moved: Map<string, string>,
  accountOverrides: Record<string, unknown>,
): Promise<number> {
  const carried = new Map(manifest.tables.map((table) => [table.name, table]));
  for (const name of carried.keys())
    if (!plan.some((table) => table.name === name)) throw invalid(`unknown table ${name}`);
  const repoint = repointer(moved);
  let written = 0;
  for (const table of plan) {
    const archived = carried.get(table.name);
    if (!archived) continue;
    const columns = archived.columns.filter((column) => table.columns.includes(column));
    if (columns.length !== archived.columns.length) throw invalid(`columns of ${table.name}`);
    const overrides = table.name === "accounts" ? accountOverrides : {};
    const lines = async function* () {
      for await (const line of linesOf(fileOf(table.name))) yield repoint(line);
    };
    const rows = await writeTable(tx, table, columns, lines, overrides);
    if (rows !== archived.rows) throw invalid(`rows of ${table.name}`);
    written += rows;
  }
  return written;
}

/**
 * Numbers drawn from a sequence (order and ticket numbers) arrive as they were: the sequence
 * moves past the highest, so the next order here is never one the archive already holds.
 */
async function advanceSequences(services: TransferServices, plan: AccountTable[]) {
  const { rows } = await services.database.owner.execute<{
    table: string;
    column: string;
    sequence: string;
  }>(
    sql`select c.relname as "table", a.attname as "column", s.relname as "sequence"
          from pg_depend d
          join pg_class s on s.oid = d.objid and s.relkind = 'S'
          join pg_class c on c.oid = d.refobjid
          join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and d.deptype in ('a', 'i')`,
  );
  for (const { table, column, sequence } of rows) {
    if (!plan.some((entry) => entry.name === table)) continue;
    await services.database.owner.execute(
      sql.raw(
        `select setval('${quoted(sequence)}', greatest((select coalesce(max(${quoted(column)}), 1) from ${quoted(table)}), (select last_value from ${quoted(sequence)})))`,
      ),
    );
  }
}

/**
 * Imports an account archive (writeAccountArchive's) read from `input`: the account arrives
 * under its own id, its rows as they were, its files in its buckets. All or nothing: the rows
 * go in one transaction, and the files written before it are removed if it fails.
 */
export async function readAccountArchive(
  services: TransferServices,
  input: Readable,
  options: { slug?: string } = {},
): Promise<ImportSummary> {
  const { database, storage } = services;
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lyceum-import-"));
  const stored: FileRef[] = [];
  try {
    const extract = tar.extract();
    const reading = pipeline(input, createGunzip(), extract).catch((error: unknown) => {
      throw error instanceof AppError ? error : invalid("not a gzipped tar archive", error);
    });
    // Awaited below; until then a failure mid-way must not count as unhandled.
    reading.catch(() => undefined);
    let checked: Awaited<ReturnType<typeof checkManifest>> | undefined;
    const seen = new Set<string>();
    let files = 0;
    try {
      for await (const entry of extract) {
        const name = entry.header.name;
        if (!checked) {
          if (name !== MANIFEST_ENTRY) throw invalid("the manifest is not the first entry");
          checked = await checkManifest(
            services,
            await readAll(entry, MANIFEST_MAX_BYTES),
            options,
          );
          continue;
        }
        const what = readEntryName(name);
        if (!what || entry.header.type !== "file" || seen.has(name))
          throw invalid(`unexpected entry ${name}`);
        seen.add(name);
        if (what.kind === "file") {
          const temporary = path.join(work, "file");
          await pipeline(entry, fs.createWriteStream(temporary));
          const ref = { bucket: bucketOf(what.bucket, checked.manifest.account.id), key: what.key };
          try {
            await storage.putFile({ ...ref, path: temporary, contentType: typeOf(what.key) });
          } catch (error) {
            throw invalid(`file ${what.key}`, error);
          }
          stored.push(ref);
          files += 1;
        } else {
          const target = what.kind === "people" ? "people" : `table-${what.table}`;
          await pipeline(entry, fs.createWriteStream(path.join(work, `${target}.ndjson`)));
        }
      }
    } catch (error) {
      // Leaving the loop early ends the reader too; its own failure is then not the story.
      throw error instanceof AppError ? error : invalid("not a gzipped tar archive", error);
    }
    await reading;
    if (!checked) throw invalid("empty archive");
    const { manifest, slug, domain } = checked;
    if (files !== manifest.files.count) throw invalid("files missing");

    const plan = await planAccountTables(database.owner);
    const accountId = manifest.account.id;
    const { people, rows } = await database
      .ownerThenAccount(async (tx, enterAccount) => {
        const people = await placePeople(tx, path.join(work, "people.ndjson"));
        await enterAccount(accountId);
        const rows = await writeRows(
          tx,
          plan,
          manifest,
          (table) => path.join(work, `table-${table}.ndjson`),
          people.moved,
          { slug, domain },
        );
        return { people, rows };
      })
      .catch((error: unknown) => {
        throw error instanceof AppError ? error : invalid("rows", error);
      });
    stored.length = 0;
    await advanceSequences(services, plan);
    return {
      accountId,
      slug,
      rows,
      files,
      matchedPeople: people.matched,
      newPeople: people.added,
      domainDropped: domain === manifest.account.domain ? null : manifest.account.domain,
      leftOut: manifest.leftOut,
    };
  } finally {
    // Files of an import that did not commit: the account they belong to does not exist here.
    for (const ref of stored) await storage.delete(ref).catch(() => undefined);
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
