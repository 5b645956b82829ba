import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { nextState, type ContentSaveAnswer, type ContentStatus, type SaveIntent } from "./editing";
import { dropRevisions, readRevision, recordRevision } from "./revisions.server";
import { cancelPublication, schedulePublication } from "./schedule.server";
import type { ContentKind } from "./tables.server";
import { translationIdsOf } from "./translations.server";
import { moveToTrash, restoreFromTrash } from "./trash.server";

/*
 * The one editing machine behind every editor of drafts (pages and docs, posts; campaigns
 * next): save with a version check, autosave that never puts anything live, publish, schedule
 * and unpublish, revisions, the trash, delete for good, duplicate, and an earlier revision
 * restored as a new save. What differs between kinds is what a `ContentEditorKind` says.
 */

/** The columns every editor's table has (content_revisions, trash and schedule rely on them). */
export type EditableTable = PgTable & { id: PgColumn; accountId: PgColumn };

/** A stored item as the core reads it (the kind's own columns come along). */
export type EditableRow = {
  id: string;
  slug: string;
  status: ContentStatus;
  trashedFrom: Exclude<ContentStatus, "trashed"> | null;
  version: number;
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string;
  translationOf: string | null;
};

type Place = { accountId: string; viewer: Viewer };

type SaveInput = {
  intent: SaveIntent;
  version: number;
  overwrite: boolean;
  publishAt?: string;
};

export type ContentEditorKind<Row extends EditableRow, Draft extends { slug: string }> = {
  itemKind: ContentKind;
  table: EditableTable;
  /** The key of the draft in a save (`{ intent, version, page: … }`) and of its field issues. */
  draftKey: string;
  draftSchema: z.ZodType<Draft, unknown>;
  /** A save: intent, the version the editor loaded, and the draft under `draftKey`. */
  saveSchema: z.ZodType<SaveInput & Record<string, unknown>, unknown>;
  /** Who may edit this kind at all; throws `not_authenticated` or `auth.forbidden`. */
  checkEditor(viewer: Viewer | null): Viewer;
  /** One item the viewer may edit, or `route.notFound`. */
  editable(tx: Tx, place: Place & { id: string }): Promise<Row>;
  /** The draft checked and sanitised past what its schema says, or the issues found. */
  prepare(draft: Draft): { draft: Draft } | { issues: FieldIssue[] };
  /** What a translation keeps of its original whatever its editor sends (its address is kept too). */
  keepFromOriginal?(draft: Draft, current: Row): Draft;
  /** The item's address: the one asked for, or one made from its title; or why it cannot be. */
  slugFor(
    tx: Tx,
    input: { accountId: string; draft: Draft; id: string | null },
  ): Promise<string | FieldIssue>;
  columns(draft: Draft, slug: string): Record<string, unknown>;
  draftOf(row: Row): Draft;
  /** Columns a new item gets besides its draft's (a place among its siblings, say). */
  newItemColumns?(
    tx: Tx,
    input: { accountId: string; draft: Draft },
  ): Promise<Record<string, unknown>>;
  /** Columns a duplicate gets besides its draft's. */
  copyColumns?(tx: Tx, input: { accountId: string; row: Row }): Promise<Record<string, unknown>>;
  /** Work a change of the draft needs before it is stored; extra columns to set. */
  beforeUpdate?(
    tx: Tx,
    input: { accountId: string; current: Row; draft: Draft },
  ): Promise<Record<string, unknown>>;
  /** Work before the item is deleted for good (children of a doc lifted, say). */
  beforeDelete?(tx: Tx, input: { accountId: string; row: Row }): Promise<void>;
  /** The editor's list of the trash (after a delete for good) and the editor of one item (after a duplicate). */
  trashListPath(row: Row): string;
  editPath(id: string): string;
};

/** The public pages a change of what visitors see drops (every page of the site). */
export type EditorCaches = { invalidateAccount(accountId: string, key: null): Promise<unknown> };

type Refusal = Extract<ContentSaveAnswer, { ok: false }>;
const refused = (issues: FieldIssue[], code = "request.invalid"): Refusal => ({
  ok: false,
  code,
  issues,
});

const authorOf = (viewer: Viewer) => ({ id: viewer.user.id, name: viewer.user.name });

type Call = {
  accountId: string;
  viewer: Viewer | null;
  caches: EditorCaches | null;
  now?: Date;
};

/** The save schema of a kind: intent, the version the editor loaded, and its draft. */
export function parseSave<Draft>(
  schema: z.ZodType<SaveInput & Record<string, unknown>, unknown>,
  draftKey: string,
  input: unknown,
): { ok: true; save: SaveInput; draft: Draft } | { ok: false; refusal: Refusal } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, save: parsed.data, draft: parsed.data[draftKey] as Draft };
  // Field mistakes are the person's to correct; anything else is a broken request.
  if (!parsed.error.issues.every((i) => i.path[0] === draftKey || i.path[0] === "publishAt"))
    throw new AppError({ code: "request.invalid" });
  return { ok: false, refusal: refused(fieldIssuesOf(parsed.error, draftKey)) };
}

/**
 * A save (decision 024): checked, sanitised, refused over a newer version unless the person
 * chose to overwrite, stored with a revision, scheduled or unscheduled, and the public pages
 * dropped when what visitors see changed. A draft's autosave changes the draft; a published
 * item's autosave keeps a revision only, so nothing goes live unasked.
 */
export async function saveContent<Row extends EditableRow, Draft extends { slug: string }>(
  database: Database,
  kind: ContentEditorKind<Row, Draft>,
  {
    accountId,
    viewer,
    id,
    input,
    caches,
    now = new Date(),
  }: Call & { id: string | null; input: unknown },
): Promise<ContentSaveAnswer> {
  const editor = kind.checkEditor(viewer);
  const parsed = parseSave<Draft>(kind.saveSchema, kind.draftKey, input);
  if (!parsed.ok) return parsed.refusal;
  const { intent, version, overwrite } = parsed.save;
  const publishAt = parsed.save.publishAt ? new Date(parsed.save.publishAt) : null;
  if (intent === "schedule" && (!publishAt || publishAt.getTime() <= now.getTime()))
    return refused([{ path: "publishAt", code: "custom", origin: "futureDate" }]);
  const checked = kind.prepare(parsed.draft);
  if ("issues" in checked) return refused(checked.issues);
  const { itemKind, table } = kind;

  const answer = await database.forAccount(accountId, async (tx) => {
    const current = id ? await kind.editable(tx, { accountId, viewer: editor, id }) : null;
    if (current?.status === "trashed") return refused([], "content.trashed");
    if (current && !overwrite && current.version !== version)
      return {
        ...refused([], "content.conflict"),
        conflict: {
          version: current.version,
          updatedAt: current.updatedAt.toISOString(),
          authorName: current.authorName,
        },
      } satisfies Refusal;
    const translation = current?.translationOf ? current : null;
    const draft =
      translation && kind.keepFromOriginal
        ? kind.keepFromOriginal(checked.draft, translation)
        : checked.draft;
    const slug = translation ? translation.slug : await kind.slugFor(tx, { accountId, draft, id });
    if (typeof slug !== "string") return refused([slug]);
    const keepOnly = intent === "autosave" && current !== null && current.status !== "draft";
    const next = nextState(intent, current, { now, publishAt });
    const nextVersion = keepOnly ? current.version : (current?.version ?? 0) + 1;
    let itemId = id;
    if (!keepOnly) {
      const columns = {
        ...kind.columns(draft, slug),
        ...next,
        version: nextVersion,
        updatedAt: now,
      };
      if (current) {
        const extra = await kind.beforeUpdate?.(tx, { accountId, current, draft });
        await tx
          .update(table)
          .set({ ...columns, ...extra })
          .where(and(eq(table.accountId, accountId), eq(table.id, current.id)));
      } else {
        const extra = await kind.newItemColumns?.(tx, { accountId, draft });
        const [row] = (await tx
          .insert(table)
          .values({ accountId, ...columns, ...extra, authorId: editor.user.id, createdAt: now })
          .returning({ id: table.id })) as { id: string }[];
        itemId = row!.id;
      }
      const item = { accountId, itemKind, itemId: itemId! };
      if (next.status === "scheduled")
        await schedulePublication(tx, { ...item, publishAt: next.publishedAt! });
      else await cancelPublication(tx, item);
    }
    await recordRevision(tx, {
      accountId,
      itemKind,
      itemId: itemId!,
      version: nextVersion,
      author: authorOf(editor),
      autosave: intent === "autosave",
      snapshot: { ...draft, slug },
      now,
    });
    return {
      ok: true as const,
      id: itemId!,
      version: nextVersion,
      status: keepOnly ? current.status : next.status,
      slug,
      publishedAt: (keepOnly ? current.publishedAt : next.publishedAt)?.toISOString() ?? null,
      dropPages: !keepOnly && (current?.status === "published" || next.status === "published"),
    };
  });
  if (!answer.ok) return answer;
  const { dropPages, ...saved } = answer;
  if (dropPages) await caches?.invalidateAccount(accountId, null);
  return saved;
}

/** The commands every editor and list share (a kind may add its own, such as `translate`). */
export type CoreCommand =
  | { intent: "trash" | "restore" | "deleteForever" | "duplicate" }
  | { intent: "restoreRevision"; revisionId: string; version: number };

/**
 * The other things done to an item: to the trash and back (the state it left), deleted for
 * good (from the trash only), duplicated as a new draft, or an earlier revision restored as a
 * new save (so the restore itself can be undone).
 */
export async function commandContent<Row extends EditableRow, Draft extends { slug: string }>(
  database: Database,
  kind: ContentEditorKind<Row, Draft>,
  {
    accountId,
    viewer,
    id,
    command,
    caches,
    now = new Date(),
  }: Call & { id: string; command: CoreCommand },
): Promise<ContentSaveAnswer> {
  const editor = kind.checkEditor(viewer);
  const { itemKind, table } = kind;
  if (command.intent === "restoreRevision") {
    const { revisionId, version } = command;
    const revision = await database.forAccount(accountId, async (tx) => {
      await kind.editable(tx, { accountId, viewer: editor, id });
      return readRevision(tx, { accountId, itemKind, itemId: id, revisionId });
    });
    const draft = kind.draftSchema.safeParse(revision?.snapshot);
    if (!revision || !draft.success) throw new AppError({ code: "route.notFound" });
    return saveContent(database, kind, {
      accountId,
      viewer,
      id,
      caches,
      now,
      input: { intent: "save", version, [kind.draftKey]: revision.snapshot },
    });
  }
  const { intent } = command;
  const answer = await database.forAccount(accountId, async (tx) => {
    const row = await kind.editable(tx, { accountId, viewer: editor, id });
    const done = (status: ContentStatus, extra: { version?: number; goTo?: string } = {}) => ({
      ok: true as const,
      id,
      version: row.version + 1,
      status,
      slug: row.slug,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      dropPages: row.status === "published" || status === "published",
      ...extra,
    });
    const move = { accountId, itemKind, row, now };
    if (intent === "trash") {
      const status = await moveToTrash(tx, table, move);
      return row.status === "trashed" ? done(status, { version: row.version }) : done(status);
    }
    if (intent === "restore") return done(await restoreFromTrash(tx, table, move));
    if (intent === "deleteForever") {
      if (row.status !== "trashed") throw new AppError({ code: "request.invalid" });
      await kind.beforeDelete?.(tx, { accountId, row });
      // Its translations go with it (the key cascades), and their revisions too.
      const translations = await translationIdsOf(tx, table, { accountId, id });
      await tx.delete(table).where(and(eq(table.accountId, accountId), eq(table.id, id)));
      for (const itemId of [id, ...translations])
        await dropRevisions(tx, { accountId, itemKind, itemId });
      return { ...done("trashed"), goTo: kind.trashListPath(row) };
    }
    // duplicate: a new draft with the same content, by the one who asked; a translation is
    // copied through its original.
    if (row.translationOf) throw new AppError({ code: "request.invalid" });
    const draft = kind.draftOf(row);
    const slug = await kind.slugFor(tx, { accountId, draft: { ...draft, slug: "" }, id: null });
    const [copy] = (await tx
      .insert(table)
      .values({
        accountId,
        ...kind.columns(draft, typeof slug === "string" ? slug : `${row.slug}-copy`),
        ...(await kind.copyColumns?.(tx, { accountId, row })),
        status: "draft",
        authorId: editor.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: table.id })) as { id: string }[];
    await recordRevision(tx, {
      accountId,
      itemKind,
      itemId: copy!.id,
      version: 1,
      author: authorOf(editor),
      snapshot: { ...draft },
      now,
    });
    return {
      ...done(row.status, { version: row.version, goTo: kind.editPath(copy!.id) }),
      dropPages: false,
    };
  });
  const { dropPages, ...result } = answer;
  if (dropPages) await caches?.invalidateAccount(accountId, null);
  return result;
}
