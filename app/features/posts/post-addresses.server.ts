import { and, eq, isNull } from "drizzle-orm";
import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { authorScope } from "./post-editor.server";
import { posts } from "./tables.server";

/**
 * The editor's address of the post at `/blog/{slug}` (the admin bar's "edit page", spec §2):
 * the original's, for whoever may edit it; a 404 otherwise, as for an unknown slug.
 */
export async function editorAddressOfPost(
  database: Database,
  { accountId, viewer, slug }: { accountId: string; viewer: Viewer | null; slug: string },
): Promise<string> {
  const scope = authorScope(viewer);
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.accountId, accountId),
          eq(posts.slug, slug),
          isNull(posts.translationOf),
          scope === null ? undefined : eq(posts.authorId, scope),
        ),
      )
      .limit(1),
  );
  if (!row) throw new AppError({ code: "route.notFound" });
  return `/dashboard/post/${row.id}`;
}
