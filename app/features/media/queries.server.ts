import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { MediaKind } from "./media-types";
import { media } from "./tables.server";

export type MediaRow = typeof media.$inferSelect;

/** Bytes an account's library holds (originals and variants): what its plan's storage counts. */
export async function storageUsed(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${media.sizeBytes}), 0)` })
    .from(media)
    .where(eq(media.accountId, accountId));
  return Number(row?.used ?? 0);
}

/** What one person's own files take of the site's storage (a member's room, decision 073). */
export async function storageUsedBy(tx: Tx, accountId: string, ownerId: string): Promise<number> {
  const [row] = await tx
    .select({ used: sql<string>`coalesce(sum(${media.sizeBytes}), 0)` })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.ownerId, ownerId)));
  return Number(row?.used ?? 0);
}

export async function countVideos(tx: Tx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.kind, "video")));
  return row?.count ?? 0;
}

export async function insertMedia(tx: Tx, values: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await tx.insert(media).values(values).returning();
  return row!;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listMediaRows(
  tx: Tx,
  filter: {
    accountId: string;
    ownerId?: string;
    kind?: MediaKind;
    folder?: string;
    search?: string;
    limit: number;
  },
): Promise<MediaRow[]> {
  const where: (SQL | undefined)[] = [eq(media.accountId, filter.accountId)];
  if (filter.ownerId) where.push(eq(media.ownerId, filter.ownerId));
  if (filter.kind) where.push(eq(media.kind, filter.kind));
  if (filter.folder !== undefined) where.push(eq(media.folder, filter.folder));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    where.push(or(ilike(media.originalName, pattern), ilike(media.alt, pattern)));
  }
  return tx
    .select()
    .from(media)
    .where(and(...where))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(filter.limit);
}

export async function mediaFolders(tx: Tx, accountId: string, ownerId?: string) {
  const rows = await tx
    .selectDistinct({ folder: media.folder })
    .from(media)
    .where(and(eq(media.accountId, accountId), ownerId ? eq(media.ownerId, ownerId) : undefined))
    .orderBy(media.folder)
    .limit(500);
  return rows.map((row) => row.folder).filter(Boolean);
}

export async function findMediaRow(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findMediaByKey(tx: Tx, accountId: string, storageKey: string) {
  const [row] = await tx
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.storageKey, storageKey)))
    .limit(1);
  return row ?? null;
}

export async function updateMediaRow(
  tx: Tx,
  accountId: string,
  id: string,
  changes: { alt?: string; folder?: string },
) {
  // Drizzle throws "No values to set" on an empty SET: nothing to change reads the row as it is.
  if (changes.alt === undefined && changes.folder === undefined) {
    const [row] = await tx
      .select()
      .from(media)
      .where(and(eq(media.accountId, accountId), eq(media.id, id)));
    return row ?? null;
  }
  const [row] = await tx
    .update(media)
    .set(changes)
    .where(and(eq(media.accountId, accountId), eq(media.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteMediaRow(tx: Tx, accountId: string, id: string) {
  await tx.delete(media).where(and(eq(media.accountId, accountId), eq(media.id, id)));
}
