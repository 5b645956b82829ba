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
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import {
  draftColumns,
  draftOf,
  editorPostList,
  postById,
  purgeTrash,
  type PostRow,
} from "./editor-queries.server";
import { slugFor } from "./post-save-rules.server";
import { postLanguages, translatePost } from "./post-translations.server";
import {
  postCommandSchema,
  postDraftSchema,
  postListQuerySchema,
  postSaveSchema,
  type PostDraft,
  type PostEditorState,
  type PostSaveAnswer,
} from "./post-editing";
import { posts } from "./tables.server";

/** The public pages a change of a published post drops (every page of the site). */
export type PostCaches = { invalidateAccount(accountId: string, key: null): Promise<unknown> };

type Editing = { accountId: string; viewer: Viewer | null };

/** Who writes posts: managers and super-admins (every post), edit_posts holders (their own). */
export function authorScope(viewer: Viewer | null): string | null {
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (viewer.isSuperAdmin || can(viewer, "manage_options")) return null;
  if (can(viewer, "edit_posts")) return viewer.user.id;
  throw new AppError({ code: "auth.forbidden" });
}

export async function ownPost(tx: Tx, { accountId, viewer, id }: Editing & { id: string }) {
  const scope = authorScope(viewer);
  const post = await postById(tx, { accountId, id });
  if (!post || (scope !== null && post.authorId !== scope))
    throw new AppError({ code: "route.notFound" });
  return post;
}

/** The editors' list; posts in the trash for over 30 days are deleted for good first. */
export function listPostsForEditor(
  database: Database,
  { accountId, viewer, search }: Editing & { search: URLSearchParams },
) {
  const authorId = authorScope(viewer);
  const query = postListQuerySchema.parse(Object.fromEntries(search));
  return database.forAccount(accountId, async (tx) => {
    for (const itemId of await purgeTrash(tx, { accountId, days: TRASH_DAYS }))
      await dropRevisions(tx, { accountId, itemKind: "post", itemId });
    return { ...(await editorPostList(tx, { accountId, authorId, query })), query };
  });
}

const stateOf = (post: PostRow & { authorName: string }): PostEditorState => ({
  id: post.id,
  status: post.status,
  version: post.version,
  publishedAt: post.publishedAt?.toISOString() ?? null,
  updatedAt: post.updatedAt.toISOString(),
  authorName: post.authorName,
  post: draftOf(post),
});

/** One post as its editor opens it, with its revisions and languages. */
export function loadPostForEditor(
  database: Database,
  { accountId, viewer, id, siteLanguage }: Editing & { id: string; siteLanguage: LanguageCode },
) {
  return database.forAccount(accountId, async (tx) => {
    const post = await ownPost(tx, { accountId, viewer, id });
    return {
      state: stateOf(post),
      revisions: await listRevisions(tx, { accountId, itemKind: "post", itemId: id }),
      languages: await postLanguages(tx, { accountId, post, siteLanguage }),
    };
  });
}

/** A new post's editor: the author may write posts here. */
export function checkPostAuthor(viewer: Viewer | null): void {
  authorScope(viewer);
}

/** Posts as the content editing core edits them. */
export const postKind: ContentEditorKind<PostRow & { authorName: string }, PostDraft> = {
  itemKind: "post",
  table: posts,
  draftKey: "post",
  saveSchema: postSaveSchema,
  draftSchema: postDraftSchema,
  checkEditor: (viewer) => {
    authorScope(viewer);
    return viewer!;
  },
  editable: ownPost,
  prepare: (draft) => ({ draft: { ...draft, content: sanitizeContentHtml(draft.content) } }),
  slugFor,
  columns: draftColumns,
  draftOf,
  trashListPath: () => "/dashboard/posts?status=trashed",
  editPath: (id) => `/dashboard/post/${id}`,
};

/** The post editor's save (decision 024). */
export function savePost(
  database: Database,
  input: Editing & { id: string | null; input: unknown; caches: PostCaches | null; now?: Date },
): Promise<PostSaveAnswer> {
  return saveContent(database, postKind, input);
}

/**
 * The other things done to a post: the core's commands (trash, restore, delete for good,
 * duplicate, restore a revision), and its version in another language.
 */
export async function commandPost(
  database: Database,
  {
    input,
    siteLanguage,
    ...call
  }: Editing & {
    id: string;
    input: unknown;
    caches: PostCaches | null;
    /** The site's language, which a translation may not be in (needed by `translate`). */
    siteLanguage?: LanguageCode;
    now?: Date;
  },
): Promise<PostSaveAnswer> {
  const command = postCommandSchema.safeParse(input);
  if (!command.success) throw new AppError({ code: "request.invalid" });
  if (command.data.intent !== "translate")
    return commandContent(database, postKind, { ...call, command: command.data });
  if (!siteLanguage) throw new AppError({ code: "request.invalid" });
  const { accountId, viewer, id } = call;
  const original = await database.forAccount(accountId, (tx) =>
    ownPost(tx, { accountId, viewer, id }),
  );
  return translatePost(database, {
    accountId,
    original,
    language: command.data.language,
    siteLanguage,
    author: viewer ? { id: viewer.user.id, name: viewer.user.name } : null,
    now: call.now ?? new Date(),
  });
}

/** The publication schedule's publisher of posts: a scheduled one whose time has come. */
export const postPublisher = (caches: PostCaches | null): Publisher =>
  tablePublisher(posts, caches);
