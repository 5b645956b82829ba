import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { JobQueue } from "~/platform/jobs/job-queue-types";
import type { Logger } from "~/platform/logger.server";
import { privateDownload } from "~/platform/storage/attachment";
import { privateBucket, type Storage } from "~/platform/storage/storage.server";
import { KEPT_EXPORTS, type ExportRow } from "./export-shapes";
import { EXPORTS_PREFIX, writeAccountArchive } from "./export.server";
import { accountExports } from "./tables.server";

export { transferCommand } from "./transfer-command.server";
export { deleteOwnAccount, erasureStanding } from "./erase-member.server";

/** Makes one export (data: `{ accountId, exportId }`); its row says how it went. */
export const ACCOUNT_EXPORT_JOB = "account-export";

const archiveRef = (accountId: string, exportId: string) => ({
  bucket: privateBucket(accountId),
  key: `${EXPORTS_PREFIX}${exportId}.tar.gz`,
});

const asRow = (row: typeof accountExports.$inferSelect): ExportRow => ({
  id: row.id,
  status: row.status,
  requestedAt: row.requestedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes,
  counts: row.counts,
});

/** The account's latest exports, newest first. */
export async function listExports(database: Database, accountId: string): Promise<ExportRow[]> {
  const rows = await database.readAccount(accountId, (tx) =>
    tx
      .select()
      .from(accountExports)
      .orderBy(desc(accountExports.requestedAt))
      .limit(KEPT_EXPORTS + 2),
  );
  return rows.map(asRow);
}

/**
 * Asks for an export: one waits or runs per account at a time (asking again while it does
 * answers that one), and its job exists if and only if its row does (same transaction).
 */
export async function requestExport(
  { database, jobs }: { database: Database; jobs: Pick<JobQueue, "send"> },
  { accountId, userId }: { accountId: string; userId: string },
): Promise<ExportRow> {
  return database.forAccount(accountId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-export:${accountId}`}))`);
    const [open] = await tx
      .select()
      .from(accountExports)
      .where(inArray(accountExports.status, ["queued", "running"]))
      .limit(1);
    if (open) return asRow(open);
    const [row] = await tx
      .insert(accountExports)
      .values({ accountId, requestedBy: userId })
      .returning();
    await jobs.send(tx, ACCOUNT_EXPORT_JOB, { accountId, exportId: row!.id }, { retryLimit: 0 });
    return asRow(row!);
  });
}

type ExportServices = { database: Database; storage: Storage; logger: Logger };

async function setStatus(
  database: Database,
  { accountId, exportId }: { accountId: string; exportId: string },
  values: Partial<typeof accountExports.$inferInsert>,
) {
  const rows = await database.forAccount(accountId, (tx) =>
    tx
      .update(accountExports)
      .set(values)
      .where(eq(accountExports.id, exportId))
      .returning({ id: accountExports.id }),
  );
  return rows.length > 0;
}

/**
 * Marks an export ready and, in the same transaction, forgets the ready ones past the newest
 * KEPT_EXPORTS (so the list never shows more); answers those, whose files go next.
 */
async function markReady(
  database: Database,
  { accountId, exportId }: { accountId: string; exportId: string },
  values: Partial<typeof accountExports.$inferInsert>,
): Promise<string[]> {
  return database.forAccount(accountId, async (tx) => {
    await tx
      .update(accountExports)
      .set({ ...values, status: "ready" })
      .where(eq(accountExports.id, exportId));
    const ready = await tx
      .select({ id: accountExports.id })
      .from(accountExports)
      .where(eq(accountExports.status, "ready"))
      .orderBy(desc(accountExports.requestedAt));
    const past = ready.slice(KEPT_EXPORTS).map((row) => row.id);
    if (past.length) await tx.delete(accountExports).where(inArray(accountExports.id, past));
    return past;
  });
}

/**
 * The job: writes the archive to a temporary file, stores it in the account's private bucket,
 * then marks it ready. A failure marks it failed (the owner may ask again) and is the job's.
 */
export async function runExport(
  services: ExportServices,
  target: { accountId: string; exportId: string },
): Promise<{ rows: number; files: number } | undefined> {
  const { database, storage, logger } = services;
  if (!(await setStatus(database, target, { status: "running" }))) return undefined;
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), "lyceum-export-job-"));
  try {
    const file = path.join(work, "archive.tar.gz");
    const counts = await writeAccountArchive(
      services,
      target.accountId,
      fs.createWriteStream(file),
    );
    const { size } = await fs.promises.stat(file);
    await storage.putFile({
      ...archiveRef(target.accountId, target.exportId),
      path: file,
      contentType: "application/gzip",
    });
    const past = await markReady(database, target, {
      sizeBytes: size,
      counts,
      finishedAt: new Date(),
    });
    for (const id of past) await storage.delete(archiveRef(target.accountId, id));
    return { rows: counts.rows, files: counts.files };
  } catch (error) {
    logger.error({ err: error, ...target }, "account export failed");
    await setStatus(database, target, { status: "failed", finishedAt: new Date() });
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

export function registerExportJob(services: ExportServices & { jobs: Pick<JobQueue, "work"> }) {
  services.jobs.work(ACCOUNT_EXPORT_JOB, async (data) =>
    runExport(services, {
      accountId: String(data.accountId),
      exportId: String(data.exportId),
    }),
  );
}

/** A ready archive as a download named after the site and the day it was made. */
export async function exportDownload(
  { database, storage }: { database: Database; storage: Storage },
  { accountId, exportId, slug }: { accountId: string; exportId: string; slug: string },
): Promise<Response> {
  const [row] = await database.readAccount(accountId, (tx) =>
    tx
      .select({ finishedAt: accountExports.finishedAt })
      .from(accountExports)
      .where(and(eq(accountExports.id, exportId), eq(accountExports.status, "ready"))),
  );
  if (!row?.finishedAt) throw new AppError({ code: "route.notFound" });
  const day = row.finishedAt.toISOString().slice(0, 10);
  return privateDownload(storage, archiveRef(accountId, exportId), {
    mime: "application/gzip",
    originalName: `${slug}-${day}.tar.gz`,
  });
}
