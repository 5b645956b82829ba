import type { Tx } from "~/platform/db/database.server";
import { slugify } from "~/features/content/content";
import type { FieldIssue } from "~/platform/field-issues";
import { slugInUse } from "./editor-queries.server";
import type { PostDraft } from "./post-editing";

/** A free slug: the asked one (refused if taken), else the title's, numbered until free. */
export async function slugFor(
  tx: Tx,
  { accountId, draft, id }: { accountId: string; draft: PostDraft; id: string | null },
): Promise<string | FieldIssue> {
  if (draft.slug) {
    return (await slugInUse(tx, { accountId, slug: draft.slug, except: id }))
      ? { path: "slug", code: "custom", origin: "slugTaken" }
      : draft.slug;
  }
  const base = slugify(draft.title) || "post";
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugInUse(tx, { accountId, slug, except: id }))) return slug;
  }
  return { path: "slug", code: "custom", origin: "slugTaken" };
}
