import type { z } from "zod";
import {
  commandContent,
  dropRevisions,
  listRevisions,
  saveContent,
  tablePublisher,
  type ContentEditorKind,
  type Publisher,
} from "~/features/content/content.server";
import { TRASH_DAYS } from "~/features/content/content";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
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
  pageDraftSchema,
  pageListQuerySchema,
  pageSaveSchema,
  type PageDraft,
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

/** Pages and docs as the content editing core edits them. */
export const pageKind: ContentEditorKind<PageRow & { authorName: string }, PageDraft> = {
  itemKind: "page",
  table: pages,
  draftKey: "page",
  saveSchema: pageSaveSchema,
  draftSchema: pageDraftSchema as unknown as z.ZodType<PageDraft, unknown>,
  checkEditor: checkPageEditor,
  editable: editablePage,
  prepare: (draft) => checkDraft(draft),
  // A translation keeps its original's kind (and address).
  keepFromOriginal: (draft, current) => ({ ...draft, kind: current.kind }),
  slugFor,
  columns: pageColumns,
  draftOf: pageDraftOf,
  // Only the funnels screen makes funnel pages (with their step); the builder makes the rest.
  newItemColumns: async (tx, { accountId, draft }) => ({
    position: await nextPosition(tx, { accountId, kind: draft.kind }),
    ...(draft.kind === "funnel" ? { kind: "page" as const } : {}),
  }),
  copyColumns: async (tx, { accountId, row }) => ({
    parentId: row.parentId,
    position: await nextPosition(tx, { accountId, kind: row.kind }),
  }),
  // A page that becomes a doc (or back) leaves the docs tree's branch it was in. A funnel
  // step's page stays one, and no other page becomes one (its step would not know it).
  beforeUpdate: async (tx, { accountId, current, draft }) => {
    if (current.kind === draft.kind) return {};
    if (current.kind === "funnel" || draft.kind === "funnel") return { kind: current.kind };
    await liftChildren(tx, { accountId, id: current.id });
    return { parentId: null };
  },
  beforeDelete: (tx, { accountId, row }) => liftChildren(tx, { accountId, id: row.id }),
  trashListPath: (row) => `/dashboard/pages?kind=${row.kind}&status=trashed`,
  editPath: (id) => `/dashboard/pages/${id}`,
};

/** The builder's save, as a post's (decision 024), checked block by block. */
export function savePage(
  database: Database,
  input: Editing & { id: string | null; input: unknown; caches: PageCaches | null; now?: Date },
): Promise<PageSaveAnswer> {
  return saveContent(database, pageKind, input);
}

/**
 * The other things done to a page: the core's commands (trash, restore, delete for good,
 * duplicate, restore a revision), and its version in another language.
 */
export async function commandPage(
  database: Database,
  {
    input,
    siteLanguage,
    ...call
  }: Editing & {
    id: string;
    input: unknown;
    caches: PageCaches | null;
    now?: Date;
    /** The site's language, which a translation may not be in (needed by `translate`). */
    siteLanguage?: LanguageCode;
  },
): Promise<PageSaveAnswer> {
  const editor = checkPageEditor(call.viewer);
  const command = pageCommandSchema.safeParse(input);
  if (!command.success) throw new AppError({ code: "request.invalid" });
  if (command.data.intent !== "translate")
    return commandContent(database, pageKind, { ...call, command: command.data });
  if (!siteLanguage) throw new AppError({ code: "request.invalid" });
  const { accountId, viewer, id } = call;
  const original = await database.forAccount(accountId, (tx) =>
    editablePage(tx, { accountId, viewer, id }),
  );
  return translatePage(database, {
    accountId,
    original,
    language: command.data.language,
    siteLanguage,
    author: { id: editor.user.id, name: editor.user.name },
    now: call.now ?? new Date(),
  });
}

/** The publication schedule's publisher of pages: a scheduled one whose time has come. */
export const pagePublisher = (caches: PageCaches | null): Publisher =>
  tablePublisher(pages, caches);
