import type { Database } from "~/platform/db/database.server";
import { latestPublishedPosts, type PostSummary } from "./queries.server";

export type { PostSummary };

export function listLatestPosts(
  database: Database,
  { accountId, limit = 6 }: { accountId: string; limit?: number },
): Promise<PostSummary[]> {
  return database.forAccount(accountId, (tx) => latestPublishedPosts(tx, { accountId, limit }));
}
