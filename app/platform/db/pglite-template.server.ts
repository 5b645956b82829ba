import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate } from "drizzle-orm/pglite/migrator";
import { pgliteExtensions } from "./pglite-settings";

/**
 * A migrated, empty PGlite data directory that a new DATA_DIR starts as a copy of, instead of
 * running initdb and every migration in WebAssembly (docs/decisions/019-first-start.md).
 */

/** Bump when what goes into a template changes in a way the key below cannot see. */
const TEMPLATE_FORMAT = "lyceum-pglite-template-1";
const PREFIX = "pglite-template-";
/** The file PostgreSQL writes first into a data directory, and the template copies last. */
const VERSION_FILE = "PG_VERSION";

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = path.join(path.dirname(entry), "..", "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/**
 * What a template is made of: the migrations exactly as drizzle's migrator reads them (each
 * file's hash and journal time), PGlite's version (its on-disk format and catalogue) and the
 * extensions loaded.
 */
export function pgliteTemplateKey(
  migrationsFolder: string,
  { version = pgliteVersion() }: { version?: string } = {},
): string {
  const migrations = readMigrationFiles({ migrationsFolder }).map((m) => [
    m.hash,
    m.folderMillis,
    m.bps,
  ]);
  const parts = [TEMPLATE_FORMAT, version, Object.keys(pgliteExtensions).sort(), migrations];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 20);
}

function templateDir(root: string, key: string): string {
  return path.join(root, `${PREFIX}${key}`);
}

/** The template for these migrations under `root`, if one was made; a stale one never matches. */
export function findPgliteTemplate(root: string, migrationsFolder: string): string | undefined {
  const dir = templateDir(root, pgliteTemplateKey(migrationsFolder));
  return fs.existsSync(path.join(dir, VERSION_FILE)) ? dir : undefined;
}

/** Fills a scratch directory beside `dir` and renames it into place: a template that exists is whole. */
async function writeWhole(dir: string, fill: (scratch: string) => Promise<void> | void) {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const scratch = `${dir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    fs.mkdirSync(scratch);
    await fill(scratch);
    fs.renameSync(scratch, dir);
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    // Another build finished the same template first: theirs is as good.
    if (!fs.existsSync(path.join(dir, VERSION_FILE))) throw error;
  }
}

async function initdbAndMigrate(dataDir: string, migrationsFolder: string) {
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query("CHECKPOINT");
  } finally {
    await client.close();
  }
}

/**
 * Puts the template for these migrations under `root` (the build directory, which every build
 * empties) from `cache`, where it is made only when missing: once per set of migrations and
 * PGlite version. Templates of other migrations go; cached ones after two weeks unused.
 */
export async function ensurePgliteTemplate({
  root,
  cache,
  migrationsFolder,
}: {
  root: string;
  cache: string;
  migrationsFolder: string;
}): Promise<{ dir: string; made: boolean }> {
  const key = pgliteTemplateKey(migrationsFolder);
  const dir = templateDir(root, key);
  const cached = templateDir(cache, key);
  const made = !fs.existsSync(cached);
  if (made) await writeWhole(cached, (scratch) => initdbAndMigrate(scratch, migrationsFolder));
  const now = new Date();
  fs.utimesSync(cached, now, now);
  if (!fs.existsSync(dir)) {
    await writeWhole(dir, (scratch) => fs.cpSync(cached, scratch, { recursive: true }));
  }
  removeOtherTemplates(root, key, 0);
  removeOtherTemplates(cache, key, UNUSED_CACHE_MS);
  return { dir, made };
}

const SCRATCH_MAX_AGE_MS = 60 * 60_000;
const UNUSED_CACHE_MS = 14 * 24 * 60 * 60_000;

function removeOtherTemplates(root: string, key: string, unusedFor: number) {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    if (entry.name === `${PREFIX}${key}`) continue;
    const full = path.join(root, entry.name);
    // A scratch directory may belong to a build still running: only old ones are left-overs.
    const scratch = entry.name.includes(".tmp-");
    const age = Date.now() - fs.statSync(full).mtimeMs;
    if (age >= (scratch ? SCRATCH_MAX_AGE_MS : unusedFor)) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
}

/** True once PostgreSQL (or a template copy) has made `dataDir` a data directory. */
export function holdsDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, VERSION_FILE));
}

/**
 * Copies the template into `dataDir` (which may already hold the lock file and uploads).
 * PG_VERSION goes last: a copy cut short leaves no PG_VERSION, so the next start copies again.
 */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  // A copy-on-write clone where the file system has them (btrfs, XFS, APFS), else a copy.
  const mode = fs.constants.COPYFILE_FICLONE;
  for (const entry of fs.readdirSync(template)) {
    if (entry === VERSION_FILE) continue;
    fs.cpSync(path.join(template, entry), path.join(dataDir, entry), { recursive: true, mode });
  }
  fs.copyFileSync(path.join(template, VERSION_FILE), path.join(dataDir, VERSION_FILE), mode);
}

/**
 * The same migrated, empty database as a tar file of its data directory, made once under `cache`
 * per template key: an in-memory PGlite loads it in about a second, where initdb and the
 * migrations take four or five (tests open hundreds of fresh databases).
 */
export async function ensurePgliteDump({
  cache,
  migrationsFolder,
}: {
  cache: string;
  migrationsFolder: string;
}): Promise<string> {
  const name = `${PREFIX}${pgliteTemplateKey(migrationsFolder)}.tar`;
  const file = path.join(cache, name);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cache, { recursive: true });
  for (const entry of fs.readdirSync(cache)) {
    if (entry.startsWith(PREFIX) && entry.endsWith(".tar") && entry !== name) {
      fs.rmSync(path.join(cache, entry), { force: true });
    }
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query("CHECKPOINT");
    const dump = await client.dumpDataDir("none");
    // Written whole and renamed into place: two test workers may make it at once.
    const scratch = `${file}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(scratch, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(scratch, file);
  } finally {
    await client.close();
  }
  return file;
}
