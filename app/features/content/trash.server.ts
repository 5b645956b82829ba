import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { ContentStatus } from "./editing";
import { cancelPublication, schedulePublication } from "./schedule.server";
import type { ContentKind } from "./tables.server";

/**
 * The trash of an editor's table (posts, pages: the same `status`, `trashed_from`,
 * `trashed_at`, `version` and `updated_at` columns), as `tablePublisher` is its schedule: an
 * item goes in remembering its state, comes back to it (a schedule whose time passed
 * meanwhile comes back published), and leaves the publication schedule while it is there.
 */

type Trashable = {
  id: string;
  status: ContentStatus;
  trashedFrom: Exclude<ContentStatus, "trashed"> | null;
  publishedAt: Date | null;
  version: number;
};

type Move = { accountId: string; itemKind: ContentKind; row: Trashable; now: Date };

/** Into the trash; the state it is in afterwards (an item already there stays). */
export async function moveToTrash(
  tx: Tx,
  table: PgTable,
  { accountId, itemKind, row, now }: Move,
): Promise<ContentStatus> {
  if (row.status === "trashed") return "trashed";
  await tx.execute(sql`
    update ${table}
       set status = 'trashed', trashed_from = ${row.status}, trashed_at = ${now},
           version = ${row.version + 1}, updated_at = ${now}
     where account_id = ${accountId} and id = ${row.id}`);
  await cancelPublication(tx, { accountId, itemKind, itemId: row.id });
  return "trashed";
}

/** Out of the trash, back to the state it left; the state it is in afterwards. */
export async function restoreFromTrash(
  tx: Tx,
  table: PgTable,
  { accountId, itemKind, row, now }: Move,
): Promise<ContentStatus> {
  if (row.status !== "trashed") throw new AppError({ code: "request.invalid" });
  const back = row.trashedFrom ?? "draft";
  const due = back === "scheduled" && row.publishedAt && row.publishedAt <= now;
  const status = due ? "published" : back;
  await tx.execute(sql`
    update ${table}
       set status = ${status}, trashed_from = null, trashed_at = null,
           version = ${row.version + 1}, updated_at = ${now}
     where account_id = ${accountId} and id = ${row.id}`);
  if (status === "scheduled")
    await schedulePublication(tx, {
      accountId,
      itemKind,
      itemId: row.id,
      publishAt: row.publishedAt!,
    });
  return status;
}
