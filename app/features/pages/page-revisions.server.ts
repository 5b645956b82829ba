import { contentText } from "~/features/content/content";
import { readRevisionPair, type RevisionFacts } from "~/features/content/content.server";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { checkBlocks, everyBlock, type BlockType } from "./blocks";
import { pageDraftSchema } from "./page-editing";
import { checkPageEditor, pageKind } from "./page-editor.server";

/** The fields a page's revisions are compared on as text (its blocks apart: see `blocks`). */
export const pageCompareFields = [
  "title",
  "slug",
  "kind",
  "description",
  "seoTitle",
  "seoDescription",
  "seoImage",
] as const;

export type ComparedPage = RevisionFacts & {
  fields: Record<(typeof pageCompareFields)[number], string>;
  /** Each block's words in order, columns' blocks after their columns; the editor names them. */
  blocks: { type: BlockType; text: string }[];
};

/**
 * The props a reader sees, and the addresses behind them: an allow-list, so ids, layout
 * choices and whatever a later block adds never read as the page's words.
 */
const readKeys = new Set(
  [
    "title subtitle text caption alt ctaLabel buttonLabel submitLabel name price period features",
    "description question answer quote author role email src url image href ctaHref buttonHref",
    "avatar",
  ]
    .join(" ")
    .split(" "),
);

function wordsOf(value: unknown, key: string | null): string[] {
  if (key === "html" && typeof value === "string") return [contentText(value)];
  if (typeof value === "string") return key !== null && readKeys.has(key) && value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => wordsOf(item, null));
  if (value && typeof value === "object" && key === null)
    return Object.entries(value).flatMap(([name, inner]) => wordsOf(inner, name));
  return [];
}

/** A page's blocks as the words they show, one entry a block; blocks that do not fit are left out. */
export function pageBlocksText(content: readonly unknown[]): ComparedPage["blocks"] {
  const { blocks } = checkBlocks(content, { strict: false });
  return [...everyBlock(blocks)].map((block) => ({
    type: block.type,
    text: wordsOf(block.props, null).join(" · "),
  }));
}

/**
 * Two revisions of one page (or doc) as text, the older first, for the builder's compare view:
 * only for whoever may edit the page (the builder's own check); 404 for a revision that is not
 * this page's.
 */
export async function comparePageRevisions(
  database: Database,
  {
    accountId,
    viewer,
    id,
    revisionIds,
  }: { accountId: string; viewer: Viewer | null; id: string; revisionIds: [string, string] },
): Promise<[ComparedPage, ComparedPage]> {
  const editor = checkPageEditor(viewer);
  return database.forAccount(accountId, async (tx) => {
    await pageKind.editable(tx, { accountId, viewer: editor, id });
    return readRevisionPair(
      tx,
      { accountId, itemKind: "page", itemId: id },
      revisionIds,
      pageDraftSchema.partial(),
      (draft) => ({
        fields: {
          title: draft.title ?? "",
          slug: draft.slug ?? "",
          kind: draft.kind ?? "",
          description: draft.description ?? "",
          seoTitle: draft.seoTitle ?? "",
          seoDescription: draft.seoDescription ?? "",
          seoImage: draft.seoImage ?? "",
        },
        blocks: pageBlocksText(draft.data?.content ?? []),
      }),
    );
  });
}
