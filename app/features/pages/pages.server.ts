import type { Database } from "~/platform/db/database.server";
import { publishedPageBySlug } from "./queries.server";
import { pageDataSchema } from "./validation";

/** A published page and its blocks (Puck data), or null; a stored document that no longer fits shows nothing. */
export async function getPage(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
) {
  const page = await database.forAccount(accountId, (tx) =>
    publishedPageBySlug(tx, { accountId, slug }),
  );
  if (!page) return null;
  const parsed = pageDataSchema.safeParse(page.data);
  return {
    title: page.title,
    slug: page.slug,
    description: page.description,
    blocks: parsed.success ? parsed.data.content : [],
  };
}
