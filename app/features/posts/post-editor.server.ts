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
import { nextState, TRASH_DAYS } from "~/features/content/content";
import { can, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
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
  type PostEditorState,
  type PostSaveAnswer,
  type PostStatus,
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

type Refusal = Extract<PostSaveAnswer, { ok: false }>;

const refused = (issues: FieldIssue[], code = "request.invalid"): Refusal => ({
  ok: false,
  code,
  issues,
});

type Author = { id: string; name: string } | null;
const authorOf = (viewer: Viewer | null): Author =>
  viewer ? { id: viewer.user.id, name: viewer.user.name } : null;

/**
 * The post editor's save: checked, sanitised, refused over a newer version unless the person
 * chose to overwrite, stored with a revision, scheduled or unscheduled, and the public pages
 * dropped when what visitors see changed. A draft's autosave changes the draft; a published
 * post's autosave keeps a revision only, so nothing goes live unasked.
 */
export async function savePost(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    caches,
    now = new Date(),
  }: Editing & { id: string | null; input: unknown; caches: PostCaches | null; now?: Date },
): Promise<PostSaveAnswer> {
  const scope = authorScope(viewer);
  const parsed = postSaveSchema.safeParse(input);
  if (!parsed.success) {
    if (
      !parsed.error.issues.every(
        (issue) => issue.path[0] === "post" || issue.path[0] === "publishAt",
      )
    )
      throw new AppError({ code: "request.invalid" });
    return refused(fieldIssuesOf(parsed.error, "post"));
  }
  const { intent, version, overwrite } = parsed.data;
  const publishAt = parsed.data.publishAt ? new Date(parsed.data.publishAt) : null;
  if (intent === "schedule" && (!publishAt || publishAt.getTime() <= now.getTime()))
    return refused([{ path: "publishAt", code: "custom", origin: "futureDate" }]);
  const draft = { ...parsed.data.post, content: sanitizeContentHtml(parsed.data.post.content) };

  const answer = await database.forAccount(accountId, async (tx) => {
    const current = id ? await ownPost(tx, { accountId, viewer, id }) : null;
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
    // A translation keeps its original's address.
    const slug = current?.translationOf
      ? current.slug
      : await slugFor(tx, { accountId, draft, id });
    if (typeof slug !== "string") return refused([slug]);
    const author = authorOf(viewer);
    const keepOnly = intent === "autosave" && current !== null && current.status !== "draft";
    const next = nextState(intent, current, { now, publishAt });
    const nextVersion = keepOnly ? current.version : (current?.version ?? 0) + 1;
    let postId = id;
    if (!keepOnly) {
      const columns = {
        ...draftColumns(draft, slug),
        ...next,
        version: nextVersion,
        updatedAt: now,
      };
      if (current) {
        await tx
          .update(posts)
          .set(columns)
          .where(and(eq(posts.accountId, accountId), eq(posts.id, current.id)));
      } else {
        const [row] = await tx
          .insert(posts)
          .values({ accountId, ...columns, authorId: scope ?? author?.id ?? null, createdAt: now })
          .returning({ id: posts.id });
        postId = row!.id;
      }
      const item = { accountId, itemKind: "post" as const, itemId: postId! };
      if (next.status === "scheduled")
        await schedulePublication(tx, { ...item, publishAt: next.publishedAt! });
      else await cancelPublication(tx, item);
    }
    await recordRevision(tx, {
      accountId,
      itemKind: "post",
      itemId: postId!,
      version: nextVersion,
      author,
      autosave: intent === "autosave",
      snapshot: { ...draft, slug },
      now,
    });
    const publicBefore = current?.status === "published";
    return {
      ok: true as const,
      id: postId!,
      version: nextVersion,
      status: keepOnly ? current.status : next.status,
      slug,
      publishedAt: (keepOnly ? current.publishedAt : next.publishedAt)?.toISOString() ?? null,
      dropPages: !keepOnly && (publicBefore || next.status === "published"),
    };
  });
  if (!answer.ok) return answer;
  const { dropPages, ...saved } = answer;
  if (dropPages) await caches?.invalidateAccount(accountId, null);
  return saved;
}

/**
 * The other things done to a post: to the trash and back (the state it left), deleted for good
 * (from the trash only), duplicated as a new draft, or an earlier revision restored as a new
 * save (so the restore itself can be undone).
 */
export async function commandPost(
  database: Database,
  {
    accountId,
    viewer,
    id,
    input,
    caches,
    siteLanguage,
    now = new Date(),
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
  if (command.data.intent === "translate") {
    if (!siteLanguage) throw new AppError({ code: "request.invalid" });
    const original = await database.forAccount(accountId, (tx) =>
      ownPost(tx, { accountId, viewer, id }),
    );
    const { language } = command.data;
    return translatePost(database, {
      accountId,
      original,
      language,
      siteLanguage,
      author: authorOf(viewer),
      now,
    });
  }
  if (command.data.intent === "restoreRevision") {
    const { revisionId, version } = command.data;
    const revision = await database.forAccount(accountId, async (tx) => {
      await ownPost(tx, { accountId, viewer, id });
      return readRevision(tx, { accountId, itemKind: "post", itemId: id, revisionId });
    });
    const post = postDraftSchema.safeParse(revision?.snapshot);
    if (!revision || !post.success) throw new AppError({ code: "route.notFound" });
    return savePost(database, {
      accountId,
      viewer,
      id,
      caches,
      now,
      input: { intent: "save", version, post: post.data },
    });
  }
  const intent = command.data.intent;
  const answer = await database.forAccount(accountId, async (tx) => {
    const post = await ownPost(tx, { accountId, viewer, id });
    const item = { accountId, itemKind: "post" as const, itemId: id };
    const where = and(eq(posts.accountId, accountId), eq(posts.id, id));
    const done = (status: PostStatus, extra: Partial<PostSaveAnswer & { ok: true }> = {}) => ({
      ok: true as const,
      id,
      version: post.version + 1,
      status,
      slug: post.slug,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      dropPages: post.status === "published" || status === "published",
      ...extra,
    });
    const move = { accountId, itemKind: "post" as const, row: post, now };
    if (intent === "trash") {
      const status = await moveToTrash(tx, posts, move);
      return post.status === "trashed" ? done(status, { version: post.version }) : done(status);
    }
    if (intent === "restore") return done(await restoreFromTrash(tx, posts, move));
    if (intent === "deleteForever") {
      if (post.status !== "trashed") throw new AppError({ code: "request.invalid" });
      // Its translations go with it (the key cascades), and their revisions too.
      for (const itemId of [id, ...(await translationIdsOf(tx, posts, { accountId, id }))])
        await dropRevisions(tx, { ...item, itemId });
      await tx.delete(posts).where(where);
      return { ...done("trashed"), goTo: "/dashboard/posts?status=trashed" };
    }
    // duplicate: a new draft with the same content, by the one who asked; a translation is
    // copied through its original.
    if (post.translationOf) throw new AppError({ code: "request.invalid" });
    const draft = draftOf(post);
    const slug = await slugFor(tx, { accountId, draft: { ...draft, slug: "" }, id: null });
    const [copy] = await tx
      .insert(posts)
      .values({
        accountId,
        ...draftColumns(draft, typeof slug === "string" ? slug : `${post.slug}-copy`),
        status: "draft",
        authorId: viewer!.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: posts.id });
    await recordRevision(tx, {
      accountId,
      itemKind: "post",
      itemId: copy!.id,
      version: 1,
      author: authorOf(viewer),
      snapshot: { ...draft },
      now,
    });
    return {
      ...done(post.status),
      version: post.version,
      dropPages: false,
      goTo: `/dashboard/post/${copy!.id}`,
    };
  });
  const { dropPages, ...result } = answer;
  if (dropPages) await caches?.invalidateAccount(accountId, null);
  return result;
}

/** The publication schedule's publisher of posts: a scheduled one whose time has come. */
export const postPublisher = (caches: PostCaches | null): Publisher =>
  tablePublisher(posts, caches);
