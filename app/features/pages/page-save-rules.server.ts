import { slugify } from "~/features/content/content";
import type { Tx } from "~/platform/db/database.server";
import { fieldIssuesOf, type FieldIssue } from "~/platform/field-issues";
import { sanitizeBlocks } from "./block-html.server";
import { checkBlocks } from "./blocks";
import { pageSlugInUse } from "./editor-queries.server";
import { pageDraftSchema, type PageDraft } from "./page-editing";
import { isReservedPageSlug } from "./site-addresses";

// The builder's save rules, as posts' (post-save-rules.server.ts): which address a page takes
// and how its blocks are checked before anything is written.

/**
 * A free slug: the asked one (refused if taken, or one of the site's own addresses for a site
 * page), else the title's, numbered until free.
 */
export async function slugFor(
  tx: Tx,
  { accountId, draft, id }: { accountId: string; draft: PageDraft; id: string | null },
): Promise<string | FieldIssue> {
  const taken: FieldIssue = { path: "slug", code: "custom", origin: "slugTaken" };
  if (draft.slug) {
    if (isReservedPageSlug(draft.kind, draft.slug))
      return { path: "slug", code: "custom", origin: "slugReservedPath" };
    return (await pageSlugInUse(tx, { accountId, slug: draft.slug, except: id }))
      ? taken
      : draft.slug;
  }
  const base = slugify(draft.title) || draft.kind;
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (isReservedPageSlug(draft.kind, slug)) continue;
    if (!(await pageSlugInUse(tx, { accountId, slug, except: id }))) return slug;
  }
  return taken;
}

/**
 * The draft with its blocks checked against their schemas and their HTML sanitised, or the
 * issues: `blocks.{blockId}.{prop}` for each prop that does not fit.
 */
export function checkDraft(input: unknown): { draft: PageDraft } | { issues: FieldIssue[] } {
  const parsed = pageDraftSchema.safeParse(input);
  if (!parsed.success) return { issues: fieldIssuesOf(parsed.error) };
  const checked = checkBlocks(parsed.data.data.content, { strict: true });
  if (checked.issues.length > 0)
    return {
      issues: checked.issues.map((issue) => ({
        path: ["blocks", issue.blockId, issue.path].filter(Boolean).join("."),
        code: "custom",
        origin: "block",
      })),
    };
  const content = sanitizeBlocks(checked.blocks).map((block) => ({
    ...block,
  })) as PageDraft["data"]["content"];
  return {
    draft: {
      ...parsed.data,
      data: { root: { props: { ...parsed.data.data.root?.props } }, content },
    },
  };
}
