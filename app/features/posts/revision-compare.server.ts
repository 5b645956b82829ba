import { contentText } from "~/features/content/content";
import { readRevisionPair, type RevisionFacts } from "~/features/content/content.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
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

export type ComparedRevision = RevisionFacts & {
  fields: Record<(typeof postCompareFields)[number], string>;
};

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
  return database.forAccount(accountId, async (tx) => {
    await ownPost(tx, { accountId, viewer, id });
    return readRevisionPair(
      tx,
      { accountId, itemKind: "post", itemId: id },
      revisionIds,
      postDraftSchema.partial(),
      (draft) => ({
        fields: {
          title: draft.title ?? "",
          slug: draft.slug ?? "",
          excerpt: draft.excerpt ?? "",
          content: contentText(draft.content ?? ""),
          categories: (draft.categories ?? []).join(", "),
          tags: (draft.tags ?? []).join(", "),
        },
      }),
    );
  });
}
