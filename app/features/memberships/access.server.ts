import { and, eq, inArray } from "drizzle-orm";
import { termSlug } from "~/platform/slugs";
import { hasLiveEnrolment } from "~/features/learning/learning.server";
import { posts } from "~/features/posts/tables.server";
import type { Tx } from "~/platform/db/database.server";
import { activeRules, heldLevels } from "./queries.server";

/**
 * Issue 16's one access engine: every place that shows members-only things (the blog post
 * page, search, the course player, downloads, e-mail) asks it, so none of them can disagree.
 *
 * - A page, post, doc or group is open to everyone unless a rule of an active level covers it
 *   (by id, or a post by one of its tags); then only holders of such a level open it.
 * - A course opens through a live enrolment, or a held level whose rule names it.
 * - A download opens through a paid order of a product granting it: the orders feature knows
 *   its orders and answers through `downloads` (this feature cannot read them: orders price and
 *   grant through products, which give levels through this feature).
 */
export type Resource = {
  type: "course" | "page" | "post" | "doc" | "download" | "group";
  id: string;
  /** A post's tags (names as stored), for `post_tag` rules; read from the post when absent. */
  tags?: string[];
};

/** Posts given without their tags get them from the database (one query for the list). */
export async function withTags(
  tx: Tx,
  accountId: string,
  resources: Resource[],
): Promise<Resource[]> {
  const wanted = resources
    .filter((r) => r.type === "post" && r.tags === undefined)
    .map((r) => r.id);
  if (wanted.length === 0) return resources;
  const rows = await tx
    .select({ id: posts.id, tags: posts.tags, originalId: posts.translationOf })
    .from(posts)
    .where(and(eq(posts.accountId, accountId), inArray(posts.id, wanted)));
  // A translation carries its original's terms (the archives are the originals').
  const originals = rows.map((row) => row.originalId).filter((id): id is string => id !== null);
  const originalTags = originals.length
    ? await tx
        .select({ id: posts.id, tags: posts.tags })
        .from(posts)
        .where(and(eq(posts.accountId, accountId), inArray(posts.id, originals)))
    : [];
  const tagsOf = new Map(rows.map((row) => [row.id, row.tags]));
  for (const row of rows)
    if (row.originalId)
      tagsOf.set(
        row.id,
        originalTags.find((original) => original.id === row.originalId)?.tags ?? row.tags,
      );
  return resources.map((r) =>
    r.type === "post" && r.tags === undefined ? { ...r, tags: tagsOf.get(r.id) ?? [] } : r,
  );
}

export type DownloadCheck = (
  tx: Tx,
  a: { accountId: string; userId: string; mediaId: string; now: Date },
) => Promise<boolean>;

type Rule = Awaited<ReturnType<typeof activeRules>>[number];

/** The rules of the account's active levels and the levels the person holds at `now`. */
export type AccessMap = { rules: Rule[]; held: Map<string, Date | null> };

export async function accessMap(
  tx: Tx,
  { accountId, userId, now }: { accountId: string; userId: string | null; now: Date },
): Promise<AccessMap> {
  const rules = await activeRules(tx, { accountId });
  const held = new Map<string, Date | null>();
  if (userId && rules.length > 0)
    for (const row of await heldLevels(tx, { accountId, userId, now }))
      held.set(row.membershipId, row.expiresAt);
  return { rules, held };
}

/** Tags compare as their archive addresses do ("Premium", "premium" and "PREMIUM " are one). */
export const tagKey = (tag: string) => termSlug(tag);

function covers(rule: Rule, resource: Resource): boolean {
  if (rule.resource === "post_tag")
    return (
      resource.type === "post" &&
      rule.tag !== null &&
      (resource.tags ?? []).some((tag) => tagKey(tag) === tagKey(rule.tag!))
    );
  return rule.resource === resource.type && rule.targetId === resource.id;
}

/** The active levels whose rules open `resource`. */
export function levelsOpening(map: AccessMap, resource: Resource): Set<string> {
  const levels = new Set<string>();
  for (const rule of map.rules) if (covers(rule, resource)) levels.add(rule.membershipId);
  return levels;
}

/** Whether a held level opens it (a rule covers it and the person holds that level). */
export function heldLevelOpens(map: AccessMap, resource: Resource): boolean {
  for (const level of levelsOpening(map, resource)) if (map.held.has(level)) return true;
  return false;
}

/** The resource is members-only: some active level's rule covers it. */
export function isMembersOnly(map: AccessMap, resource: Resource): boolean {
  return levelsOpening(map, resource).size > 0;
}

async function decide(
  tx: Tx,
  map: AccessMap,
  a: {
    accountId: string;
    userId: string | null;
    resource: Resource;
    now: Date;
    downloads?: DownloadCheck;
  },
): Promise<boolean> {
  const { accountId, userId, resource, now } = a;
  switch (resource.type) {
    case "course":
      if (!userId) return false;
      return (
        heldLevelOpens(map, resource) ||
        hasLiveEnrolment(tx, { accountId, courseId: resource.id, userId, now })
      );
    case "download":
      if (!userId || !a.downloads) return false;
      return a.downloads(tx, { accountId, userId, mediaId: resource.id, now });
    default:
      return !isMembersOnly(map, resource) || heldLevelOpens(map, resource);
  }
}

/** Issue 16: may this person (null = a visitor) open this resource at `now`? */
export async function canAccess(
  tx: Tx,
  a: {
    accountId: string;
    userId: string | null;
    resource: Resource;
    now?: Date;
    downloads?: DownloadCheck;
  },
): Promise<boolean> {
  const now = a.now ?? new Date();
  const map = await accessMap(tx, { accountId: a.accountId, userId: a.userId, now });
  const [resource] = await withTags(tx, a.accountId, [a.resource]);
  return decide(tx, map, { ...a, resource: resource!, now });
}

/**
 * Issue 16, for lists (search hits, post lists, e-mails): the ids among `resources` this
 * person may not open, answered with the same rules as `canAccess` and two queries for the
 * whole list (plus one per course).
 */
export async function restrictedResources(
  tx: Tx,
  a: {
    accountId: string;
    userId: string | null;
    resources: Resource[];
    now?: Date;
    downloads?: DownloadCheck;
  },
): Promise<Set<string>> {
  const now = a.now ?? new Date();
  const closed = new Set<string>();
  if (a.resources.length === 0) return closed;
  const map = await accessMap(tx, { accountId: a.accountId, userId: a.userId, now });
  // No rule of an active level: content is open, and only courses and downloads need asking.
  const asked =
    map.rules.length === 0
      ? a.resources.filter((resource) => resource.type === "course" || resource.type === "download")
      : await withTags(tx, a.accountId, a.resources);
  for (const resource of asked) {
    const open = await decide(tx, map, { ...a, resource, now });
    if (!open) closed.add(resource.id);
  }
  return closed;
}
