import { can, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import {
  accessMap,
  canAccess,
  levelsOpening,
  restrictedResources,
  withTags,
  type Resource,
} from "./access.server";
import { levelsByIds } from "./queries.server";

/**
 * The site's writers and managers see members-only content whole (to edit and check it): a
 * super-admin, or a member of this site with manage_options or edit_posts.
 */
export function seesEverything(viewer: Viewer | null, accountId: string): boolean {
  if (!viewer) return false;
  if (viewer.isSuperAdmin) return true;
  if (viewer.membership?.accountId !== accountId) return false;
  return can(viewer, "manage_options") || can(viewer, "edit_posts");
}

/** The person the engine asks about: a member of this site, else a visitor (null). */
const personOf = (viewer: Viewer | null, accountId: string) =>
  viewer?.membership?.accountId === accountId ? viewer.user.id : null;

export type ContentGate = {
  open: boolean;
  /** When closed: the active levels that open it, by name. */
  levels: { id: string; name: string }[];
};

/**
 * Issue 16: may this viewer read this page, post or doc whole? When not, the page shows its
 * teaser and a "members only" call to action naming the levels that open it.
 */
export function contentGate(
  database: Database,
  {
    accountId,
    viewer,
    resource,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; resource: Resource; now?: Date },
): Promise<ContentGate> {
  return database.forAccount(accountId, async (tx) => {
    const userId = personOf(viewer, accountId);
    const map = await accessMap(tx, { accountId, userId, now });
    if (map.rules.length === 0) return { open: true, levels: [] };
    const [full] = await withTags(tx, accountId, [resource]);
    const open =
      seesEverything(viewer, accountId) ||
      (await canAccess(tx, { accountId, userId, resource: full!, now }));
    if (open) return { open, levels: [] };
    const rows = await levelsByIds(tx, { accountId, ids: [...levelsOpening(map, full!)] });
    const levels = rows
      .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
      .map((row) => ({ id: row.id, name: row.name }));
    return { open, levels };
  });
}

/**
 * Issue 16, for lists shown to a viewer (search hits, e-mails): the ids among `resources` they
 * may not read whole. Writers and managers may read everything.
 */
export async function closedForViewer(
  database: Database,
  {
    accountId,
    viewer,
    resources,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; resources: Resource[]; now?: Date },
): Promise<Set<string>> {
  if (resources.length === 0 || seesEverything(viewer, accountId)) return new Set();
  return database.forAccount(accountId, (tx) =>
    restrictedResources(tx, { accountId, userId: personOf(viewer, accountId), resources, now }),
  );
}
