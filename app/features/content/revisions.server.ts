import { and, desc, eq, max, notInArray } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { contentRevisions, type ContentKind } from "./tables.server";

export type RevisionSummary = {
  id: string;
  version: number;
  authorName: string;
  autosave: boolean;
  createdAt: string;
};

/** An autosave of the same person within this long replaces their last one. */
const AUTOSAVE_WINDOW_MS = 10 * 60_000;
/** Revisions kept per item: the newest, so a long-lived post does not grow without end. */
export const REVISIONS_KEPT = 100;

type Item = { accountId: string; itemKind: ContentKind; itemId: string };

/**
 * Keeps the item's state as saved, inside the save's transaction. A person's autosaves fold
 * into one revision per ten minutes; a deliberate save always gets its own.
 */
export async function recordRevision(
  tx: Tx,
  {
    snapshot,
    version,
    author,
    autosave = false,
    now = new Date(),
    ...item
  }: Item & {
    snapshot: Record<string, unknown>;
    version: number;
    author: { id: string; name: string } | null;
    autosave?: boolean;
    now?: Date;
  },
): Promise<void> {
  const [last] = await tx
    .select()
    .from(contentRevisions)
    .where(itemIs(item))
    .orderBy(desc(contentRevisions.createdAt))
    .limit(1);
  const folds =
    autosave &&
    last?.autosave &&
    last.authorId === (author?.id ?? null) &&
    now.getTime() - last.createdAt.getTime() < AUTOSAVE_WINDOW_MS;
  if (folds) {
    await tx
      .update(contentRevisions)
      .set({ snapshot, version, createdAt: now })
      .where(and(eq(contentRevisions.accountId, item.accountId), eq(contentRevisions.id, last.id)));
    return;
  }
  await tx.insert(contentRevisions).values({
    ...item,
    snapshot,
    version,
    authorId: author?.id ?? null,
    authorName: author?.name ?? "",
    autosave,
    createdAt: now,
  });
  await dropOldRevisions(tx, item);
}

const itemIs = ({ accountId, itemKind, itemId }: Item) =>
  and(
    eq(contentRevisions.accountId, accountId),
    eq(contentRevisions.itemKind, itemKind),
    eq(contentRevisions.itemId, itemId),
  );

async function dropOldRevisions(tx: Tx, item: Item) {
  const kept = tx
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(itemIs(item))
    .orderBy(desc(contentRevisions.createdAt))
    .limit(REVISIONS_KEPT);
  await tx.delete(contentRevisions).where(and(itemIs(item), notInArray(contentRevisions.id, kept)));
}

/** The item's revisions, newest first. */
export async function listRevisions(tx: Tx, item: Item): Promise<RevisionSummary[]> {
  const rows = await tx
    .select({
      id: contentRevisions.id,
      version: contentRevisions.version,
      authorName: contentRevisions.authorName,
      autosave: contentRevisions.autosave,
      createdAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .where(itemIs(item))
    .orderBy(desc(contentRevisions.createdAt))
    .limit(REVISIONS_KEPT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * The version the item's newest revision saved (0 before its first), for a kind whose table
 * keeps no version of its own: its next save numbers itself from here.
 */
export async function lastRevisionVersion(tx: Tx, item: Item): Promise<number> {
  const [row] = await tx
    .select({ version: max(contentRevisions.version) })
    .from(contentRevisions)
    .where(itemIs(item));
  return row?.version ?? 0;
}

/** One revision's saved state, if it belongs to the item. */
export async function readRevision(
  tx: Tx,
  { revisionId, ...item }: Item & { revisionId: string },
): Promise<{
  snapshot: Record<string, unknown>;
  version: number;
  createdAt: string;
  authorName: string;
} | null> {
  const [row] = await tx
    .select()
    .from(contentRevisions)
    .where(and(itemIs(item), eq(contentRevisions.id, revisionId)))
    .limit(1);
  return row
    ? {
        snapshot: row.snapshot,
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        authorName: row.authorName,
      }
    : null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What every compare view shows of a revision beside what it reads from the snapshot. */
export type RevisionFacts = { id: string; version: number; createdAt: string; authorName: string };

/**
 * Two revisions of one item for an editor's compare view, the older first: each one's facts and
 * what `read` makes of its snapshot, parsed by `schema`. Ids that are not uuids are a bad
 * request; a revision that is not the item's, or whose snapshot `schema` refuses, is not found.
 */
export async function readRevisionPair<D, R>(
  tx: Tx,
  item: Item,
  revisionIds: readonly [string, string],
  schema: z.ZodType<D>,
  read: (draft: D) => R,
): Promise<[RevisionFacts & R, RevisionFacts & R]> {
  if (!revisionIds.every((revisionId) => uuid.test(revisionId)))
    throw new AppError({ code: "request.invalid" });
  const pair: (RevisionFacts & R)[] = [];
  for (const revisionId of revisionIds) {
    const revision = await readRevision(tx, { ...item, revisionId });
    const parsed = revision ? schema.safeParse(revision.snapshot) : null;
    if (!revision || !parsed?.success) throw new AppError({ code: "route.notFound" });
    const { version, createdAt, authorName } = revision;
    pair.push({ id: revisionId, version, createdAt, authorName, ...read(parsed.data) });
  }
  pair.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
  return pair as [RevisionFacts & R, RevisionFacts & R];
}

/** Revisions go with their item when it is deleted for good. */
export async function dropRevisions(tx: Tx, item: Item): Promise<void> {
  await tx.delete(contentRevisions).where(itemIs(item));
}
