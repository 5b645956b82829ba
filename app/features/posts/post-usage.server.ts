import { and, eq, ilike, or, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import { posts } from "./tables.server";

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Posts (not in the trash) that show a file: in their HTML, as featured image or social image.
 * The media library asks it when a file's "where used" is shown or the file is to be deleted.
 */
export function postsUsingFile(
  tx: Tx,
  { accountId, url }: { accountId: string; url: string },
): Promise<{ id: string; title: string }[]> {
  return tx
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(
      and(
        eq(posts.accountId, accountId),
        sql`${posts.status} <> 'trashed'`,
        or(
          ilike(posts.content, likePattern(url)),
          sql`${posts.settings}->>'featured' = ${url}`,
          sql`${posts.seo}->>'image' = ${url}`,
        ),
      ),
    )
    .limit(50);
}
