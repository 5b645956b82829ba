import { contentText } from "~/features/content/content";
import { readRevision } from "~/features/content/content.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { postDraftSchema } from "./post-editing";
import { ownPost } from "./post-editor.server";

/** The fields a post's revisions are compared on, as text. */
export const postCompareFields = [
  "title",
  "slug",
  "excerpt",
  "content",
  "categories",
  "tags",
] as const;

export type ComparedRevision = {
  id: string;
  version: number;
  createdAt: string;
  authorName: string;
  fields: Record<(typeof postCompareFields)[number], string>;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Two revisions of one post as text, the older first, for the editor's compare view; 404 for a
 * revision that is not this post's (or a post the viewer may not edit).
 */
export function comparePostRevisions(
  database: Database,
  {
    accountId,
    viewer,
    id,
    revisionIds,
  }: { accountId: string; viewer: Viewer | null; id: string; revisionIds: [string, string] },
): Promise<[ComparedRevision, ComparedRevision]> {
  if (!revisionIds.every((revisionId) => uuid.test(revisionId)))
    throw new AppError({ code: "request.invalid" });
  return database.forAccount(accountId, async (tx) => {
    await ownPost(tx, { accountId, viewer, id });
    const read = async (revisionId: string): Promise<ComparedRevision> => {
      const revision = await readRevision(tx, {
        accountId,
        itemKind: "post",
        itemId: id,
        revisionId,
      });
      const post = postDraftSchema.partial().safeParse(revision?.snapshot);
      if (!revision || !post.success) throw new AppError({ code: "route.notFound" });
      const draft = post.data;
      return {
        id: revisionId,
        version: revision.version,
        createdAt: revision.createdAt,
        authorName: revision.authorName,
        fields: {
          title: draft.title ?? "",
          slug: draft.slug ?? "",
          excerpt: draft.excerpt ?? "",
          content: contentText(draft.content ?? ""),
          categories: (draft.categories ?? []).join(", "),
          tags: (draft.tags ?? []).join(", "),
        },
      };
    };
    const pair = [await read(revisionIds[0]), await read(revisionIds[1])];
    pair.sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    return pair as [ComparedRevision, ComparedRevision];
  });
}
