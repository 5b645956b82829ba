import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { can, type Viewer } from "./members.server";
import { countMembers, newestMembers } from "./queries.server";

export type MemberOverview = {
  total: number;
  newest: { id: string; name: string; avatar: string | null; role: string; joinedAt: string }[];
};

/** How many people the site has and who joined last, for its managers (dashboard home). */
export async function loadMemberOverview(
  database: Database,
  { viewer, accountId }: { viewer: Viewer; accountId: string },
): Promise<MemberOverview> {
  if (!viewer.isSuperAdmin && !can(viewer, "manage_options"))
    throw new AppError({ code: "auth.forbidden" });
  // Two reads at once: readAccount holds no transaction for them to share (decision 058).
  return database.readAccount(accountId, async (tx) => {
    const [total, newest] = await Promise.all([
      countMembers(tx, { accountId }),
      newestMembers(tx, { accountId, limit: 5 }),
    ]);
    return {
      total,
      newest: newest.map((row) => ({
        ...row,
        avatar: safeUrl(row.avatar),
        joinedAt: row.joinedAt.toISOString(),
      })),
    };
  });
}
