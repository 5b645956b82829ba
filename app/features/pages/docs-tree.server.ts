import { and, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { docIds } from "./editor-queries.server";
import { docTreeSchema } from "./page-editing";
import { checkPageEditor, type PageCaches } from "./page-editor.server";
import { pages } from "./tables.server";
import type { Viewer } from "~/features/members/members.server";

/**
 * The docs tree after a drag: each doc's parent and place. Every id must be a doc of the
 * account, every parent one of them, and no doc may sit under itself.
 */
export async function reorderDocs(
  database: Database,
  {
    accountId,
    viewer,
    input,
    caches,
  }: { accountId: string; viewer: Viewer | null; input: unknown; caches: PageCaches | null },
): Promise<{ ok: true }> {
  checkPageEditor(viewer);
  const tree = docTreeSchema.safeParse(input);
  if (!tree.success) throw new AppError({ code: "request.invalid" });
  const parentOf = new Map(tree.data.docs.map((doc) => [doc.id, doc.parentId]));
  for (const start of parentOf.keys()) {
    const seen = new Set<string>();
    for (let at: string | null | undefined = start; at; at = parentOf.get(at)) {
      if (seen.has(at)) throw new AppError({ code: "request.invalid" });
      seen.add(at);
    }
  }
  await database.forAccount(accountId, async (tx) => {
    const known = await docIds(tx, { accountId });
    for (const doc of tree.data.docs)
      if (!known.has(doc.id) || (doc.parentId && !known.has(doc.parentId)))
        throw new AppError({ code: "request.invalid" });
    for (const doc of tree.data.docs)
      await tx
        .update(pages)
        .set({ parentId: doc.parentId, position: doc.position })
        .where(and(eq(pages.accountId, accountId), eq(pages.id, doc.id)));
  });
  await caches?.invalidateAccount(accountId, null);
  return { ok: true };
}
