import { and, eq } from "drizzle-orm";
import {
  cancelPublication,
  dropRevisions,
  listRevisions,
  readRevision,
  recordRevision,
  schedulePublication,
  moveToTrash,
  restoreFromTrash,
  tablePublisher,
  translationIdsOf,
  type Publisher,
} from "~/features/content/content.server";
import { nextState, TRASH_DAYS, type ContentStatus } from "~/features/content/content";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import type { LanguageCode } from "~/platform/i18n/languages";
import {
  editorPageList,
  liftChildren,
  nextPosition,
  pageById,
  pageColumns,
  pageDraftOf,
  pageIdBySlug,
  purgePageTrash,
  type PageRow,
} from "./editor-queries.server";
import {
  pageCommandSchema,
  pageListQuerySchema,
  pageSaveSchema,
  type PageEditorState,
  type PageSaveAnswer,
} from "./page-editing";
import { checkDraft, slugFor } from "./page-save-rules.server";
import { pageLanguages, translatePage } from "./page-translations.server";
import { pages } from "./tables.server";

/** The public pages a change drops (every page of the site: menus and docs list them). */
export type PageCaches = { invalidateAccount(accountId: string, key: null): Promise<unknown> };

type Editing = { accountId: string; viewer: Viewer | null };

/** Pages and site docs: managers (`manage_options`) and super-admins only. */
export function checkPageEditor(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.isSuperAdmin && !can(viewer, "manage_options"))
    throw new AppError({ code: "auth.forbidden" });
  return viewer;
}

async function editablePage(tx: Tx, { accountId, viewer, id }: Editing & { id: string }) {
  checkPageEditor(viewer);
  const page = await pageById(tx, { accountId, id });
  if (!page) throw new AppError({ code: "route.notFound" });
  return page;
}

/** The builder's list; pages in the trash for over 30 days are deleted for good first. */
export async function listPagesForEditor(
  database: Database,
  { accountId, viewer, search }: Editing & { search: URLSearchParams },
) {
  const editor = checkPageEditor(viewer);
  const query = pageListQuerySchema.parse(Object.fromEntries(search));
  return database.forAccount(accountId, async (tx) => {
    for (const itemId of await purgePageTrash(tx, { accountId, days: TRASH_DAYS }))
      await dropRevisions(tx, { accountId, itemKind: "page", itemId });
    const list = await editorPageList(tx, { accountId, viewerId: editor.user.id, query });
    return { ...list, query };
  });
}

const stateOf = (page: PageRow & { authorName: string }): PageEditorState => ({
  id: page.id,
  status: page.status,
  version: page.version,
  publishedAt: page.publishedAt?.toISOString() ?? null,
  updatedAt: page.updatedAt.toISOString(),
  authorName: page.authorName,
  page: pageDraftOf(page),
});

/** One page as the builder opens it (by id, or by its address), with its revisions and languages. */
export function loadPageForEditor(
  database: Database,
  { accountId, viewer, id, siteLanguage }: Editing & { id: string; siteLanguage: LanguageCode },
) {
  return database.forAccount(accountId, async (tx) => {
    const page = await editablePage(tx, { accountId, viewer, id });
    return {
      state: stateOf(page),
      revisions: await listRevisions(tx, { accountId, itemKind: "page", itemId: id }),
      languages: await pageLanguages(tx, { accountId, page, siteLanguage }),
    };
  });
}

/** The id of the page at `/{slug}` or `/docs/{slug}` (the admin bar's "edit page"). */
export async function findPageIdBySlug(
  database: Database,
  { accountId, viewer, slug }: Editing & { slug: string },
) {
  checkPageEditor(viewer);
  return database.forAccount(accountId, (tx) => pageIdBySlug(tx, { accountId, slug }));
}

type Refusal = Extract<PageSaveAnswer, { ok: false }>;
const refused = (issues: FieldIssue[], code = "request.invalid"): Refusal => ({
  ok: false,
  code,
  issues,
});

const authorOf = (viewer: Viewer) => ({ id: viewer.user.id, name: viewer.user.name });

/**
 * The builder's save, as a post's (decision 024): checked block by block, sanitised, refused
 * over a newer version unless the person chose to overwrite, stored with a revision, scheduled
 * or unscheduled, and the public pages dropped when what visitors see changed.
 */
export async function savePage(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    caches,
    now = new Date(),
  }: Editing & { id: string | null; input: unknown; caches: PageCaches | null; now?: Date },
): Promise<PageSaveAnswer> {
  const editor = checkPageEditor(viewer);
  const parsed = pageSaveSchema.safeParse(input);
  if (!parsed.success) {
    if (!parsed.error.issues.every((i) => i.path[0] === "page" || i.path[0] === "publishAt"))
      throw new AppError({ code: "request.invalid" });
    return refused(fieldIssuesOf(parsed.error, "page"));
  }
  const { intent, version, overwrite } = parsed.data;
  const publishAt = parsed.data.publishAt ? new Date(parsed.data.publishAt) : null;
  if (intent === "schedule" && (!publishAt || publishAt.getTime() <= now.getTime()))
    return refused([{ path: "publishAt", code: "custom", origin: "futureDate" }]);
  const checked = checkDraft(parsed.data.page);
  if ("issues" in checked) return refused(checked.issues);
  const { draft: asked } = checked;

  const answer = await database.forAccount(accountId, async (tx) => {
    const current = id ? await editablePage(tx, { accountId, viewer, id }) : null;
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
    // A translation keeps its original's address and kind.
    const draft = current?.translationOf ? { ...asked, kind: current.kind } : asked;
    const slug = current?.translationOf
      ? current.slug
      : await slugFor(tx, { accountId, draft, id });
    if (typeof slug !== "string") return refused([slug]);
    const keepOnly = intent === "autosave" && current !== null && current.status !== "draft";
    const next = nextState(intent, current, { now, publishAt });
    const nextVersion = keepOnly ? current.version : (current?.version ?? 0) + 1;
    let pageId = id;
    if (!keepOnly) {
      const columns = {
        ...pageColumns(draft, slug),
        ...next,
        version: nextVersion,
        updatedAt: now,
      };
      if (current) {
        // A page that becomes a doc (or back) leaves the docs tree's branch it was in.
        const moved = current.kind !== draft.kind;
        if (moved) await liftChildren(tx, { accountId, id: current.id });
        await tx
          .update(pages)
          .set(moved ? { ...columns, parentId: null } : columns)
          .where(and(eq(pages.accountId, accountId), eq(pages.id, current.id)));
      } else {
        const position = await nextPosition(tx, { accountId, kind: draft.kind });
        const [row] = await tx
          .insert(pages)
          .values({ accountId, ...columns, position, authorId: editor.user.id, createdAt: now })
          .returning({ id: pages.id });
        pageId = row!.id;
      }
      const item = { accountId, itemKind: "page" as const, itemId: pageId! };
      if (next.status === "scheduled")
        await schedulePublication(tx, { ...item, publishAt: next.publishedAt! });
      else await cancelPublication(tx, item);
    }
    await recordRevision(tx, {
      accountId,
      itemKind: "page",
      itemId: pageId!,
      version: nextVersion,
      author: authorOf(editor),
      autosave: intent === "autosave",
      snapshot: { ...draft, slug },
      now,
    });
    return {
      ok: true as const,
      id: pageId!,
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

/**
 * The other things done to a page: to the trash and back, deleted for good (from the trash
 * only), duplicated as a new draft, or an earlier revision restored as a new save.
 */
export async function commandPage(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    caches,
    now = new Date(),
    siteLanguage,
  }: Editing & {
    id: string;
    input: unknown;
    caches: PageCaches | null;
    now?: Date;
    /** The site's language, which a translation may not be in (needed by `translate`). */
    siteLanguage?: LanguageCode;
  },
): Promise<PageSaveAnswer> {
  const editor = checkPageEditor(viewer);
  const command = pageCommandSchema.safeParse(input);
  if (!command.success) throw new AppError({ code: "request.invalid" });
  if (command.data.intent === "translate") {
    if (!siteLanguage) throw new AppError({ code: "request.invalid" });
    const original = await database.forAccount(accountId, (tx) =>
      editablePage(tx, { accountId, viewer, id }),
    );
    return translatePage(database, {
      accountId,
      original,
      language: command.data.language,
      siteLanguage,
      author: authorOf(editor),
      now,
    });
  }
  if (command.data.intent === "restoreRevision") {
    const { revisionId, version } = command.data;
    const revision = await database.forAccount(accountId, async (tx) => {
      await editablePage(tx, { accountId, viewer, id });
      return readRevision(tx, { accountId, itemKind: "page", itemId: id, revisionId });
    });
    if (!revision) throw new AppError({ code: "route.notFound" });
    return savePage(database, {
      accountId,
      viewer,
      id,
      caches,
      now,
      input: { intent: "save", version, page: revision.snapshot },
    });
  }
  const intent = command.data.intent;
  const answer = await database.forAccount(accountId, async (tx) => {
    const page = await editablePage(tx, { accountId, viewer, id });
    const where = and(eq(pages.accountId, accountId), eq(pages.id, id));
    const listPath = `/dashboard/pages?kind=${page.kind}`;
    const done = (status: ContentStatus, extra: Partial<PageSaveAnswer & { ok: true }> = {}) => ({
      ok: true as const,
      id,
      version: page.version + 1,
      status,
      slug: page.slug,
      publishedAt: page.publishedAt?.toISOString() ?? null,
      dropPages: page.status === "published" || status === "published",
      ...extra,
    });
    const move = { accountId, itemKind: "page" as const, row: page, now };
    if (intent === "trash") {
      const status = await moveToTrash(tx, pages, move);
      return page.status === "trashed" ? done(status, { version: page.version }) : done(status);
    }
    if (intent === "restore") return done(await restoreFromTrash(tx, pages, move));
    if (intent === "deleteForever") {
      if (page.status !== "trashed") throw new AppError({ code: "request.invalid" });
      await liftChildren(tx, { accountId, id });
      // Its translations go with it (the key cascades), and their revisions too.
      const translations = await translationIdsOf(tx, pages, { accountId, id });
      await tx.delete(pages).where(where);
      for (const itemId of [id, ...translations])
        await dropRevisions(tx, { accountId, itemKind: "page", itemId });
      return { ...done("trashed"), goTo: `${listPath}&status=trashed` };
    }
    // duplicate: a new draft with the same blocks, by the one who asked; a translation is
    // duplicated through its original.
    if (page.translationOf) throw new AppError({ code: "request.invalid" });
    const draft = pageDraftOf(page);
    const slug = await slugFor(tx, { accountId, draft: { ...draft, slug: "" }, id: null });
    const [copy] = await tx
      .insert(pages)
      .values({
        accountId,
        ...pageColumns(draft, typeof slug === "string" ? slug : `${page.slug}-copy`),
        status: "draft",
        parentId: page.parentId,
        position: await nextPosition(tx, { accountId, kind: page.kind }),
        authorId: editor.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pages.id });
    await recordRevision(tx, {
      accountId,
      itemKind: "page",
      itemId: copy!.id,
      version: 1,
      author: authorOf(editor),
      snapshot: { ...draft },
      now,
    });
    return {
      ...done(page.status),
      version: page.version,
      dropPages: false,
      goTo: `/dashboard/pages/${copy!.id}`,
    };
  });
  const { dropPages, ...result } = answer;
  if (dropPages) await caches?.invalidateAccount(accountId, null);
  return result;
}

/** The publication schedule's publisher of pages: a scheduled one whose time has come. */
export const pagePublisher = (caches: PageCaches | null): Publisher =>
  tablePublisher(pages, caches);
