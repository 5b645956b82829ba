import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { courses } from "~/features/courses/tables.server";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { OptionCaches } from "~/features/options/options.server";
import { pages } from "~/features/pages/tables.server";
import { posts } from "~/features/posts/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { RuleResource } from "./membership-shapes";
import { holdLevel, releaseLevels } from "./holdings.server";
import { holderCounts, levelById, levelHolders, levelsOf, rulesOfLevels } from "./queries.server";
import { membershipRules, memberships } from "./tables.server";
import {
  levelCommandSchema,
  levelInputSchema,
  memberListQuerySchema,
  type LevelInput,
  type RuleInput,
} from "./validation";

export type Managing = {
  database: Database;
  account: AccountSummary;
  viewer: Viewer | null;
  caches?: OptionCaches | null;
};

/** Membership levels are the site's managers' (manage_options) and super-admins'. */
export function requireMembershipManager({
  account,
  viewer,
}: Pick<Managing, "account" | "viewer">) {
  requireSiteManager(viewer, { accountId: account.accountId, hostAccountId: account.accountId });
}

export type RuleView = RuleInput & { id: string; label: string };
export type LevelView = Omit<LevelInput, "rules"> & {
  id: string;
  holders: number;
  rules: RuleView[];
};

/** What a rule may name: the site's courses, pages, posts and docs, and the posts' tags. */
async function ruleOptions(tx: Tx, accountId: string) {
  const courseRows = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.accountId, accountId))
    .orderBy(asc(courses.title))
    .limit(2000);
  const pageRows = await tx
    .select({ id: pages.id, title: pages.title, kind: pages.kind })
    .from(pages)
    .where(
      and(
        eq(pages.accountId, accountId),
        sql`${pages.translationOf} is null`,
        ne(pages.status, "trashed"),
      ),
    )
    .orderBy(asc(pages.title))
    .limit(4000);
  const postRows = await tx
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(
      and(
        eq(posts.accountId, accountId),
        sql`${posts.translationOf} is null`,
        ne(posts.status, "trashed"),
      ),
    )
    .orderBy(asc(posts.title))
    .limit(2000);
  const tagRows = await tx.execute<{ tag: string }>(
    sql`select distinct unnest(tags) as tag from posts where account_id = ${accountId} order by 1 limit 500`,
  );
  return {
    course: courseRows,
    page: pageRows.filter((row) => row.kind === "page").map(({ id, title }) => ({ id, title })),
    doc: pageRows.filter((row) => row.kind === "doc").map(({ id, title }) => ({ id, title })),
    post: postRows,
    tags: tagRows.rows.map((row) => row.tag),
  };
}

export type RuleOptions = Awaited<ReturnType<typeof ruleOptions>>;

function labelOf(
  options: RuleOptions,
  resource: RuleResource,
  targetId: string | null,
  tag: string | null,
) {
  if (resource === "post_tag") return tag ?? "";
  if (resource === "group") return targetId ?? "";
  return options[resource].find((row) => row.id === targetId)?.title ?? targetId ?? "";
}

/** Issue 16: the memberships screen (managers): every level, its rules and holders, and the pickers. */
export async function loadMembershipsScreen(managing: Managing, now = new Date()) {
  requireMembershipManager(managing);
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx) => {
    const levels = await levelsOf(tx, { accountId });
    const rules = await rulesOfLevels(tx, { accountId, levelIds: levels.map((level) => level.id) });
    const counts = await holderCounts(tx, { accountId, now });
    const options = await ruleOptions(tx, accountId);
    const views: LevelView[] = levels.map((level) => ({
      id: level.id,
      name: level.name,
      slug: level.slug,
      description: level.description,
      durationDays: level.durationDays,
      status: level.status,
      position: level.position,
      holders: counts.get(level.id) ?? 0,
      rules: rules
        .filter((rule) => rule.membershipId === level.id)
        .map((rule) => ({
          id: rule.id,
          label: labelOf(options, rule.resource, rule.targetId, rule.tag),
          ...(rule.resource === "post_tag"
            ? { resource: "post_tag" as const, tag: rule.tag ?? "" }
            : { resource: rule.resource, targetId: rule.targetId ?? "" }),
        })),
    }));
    return { levels: views, options };
  });
}

/** A rule by id names something of this site (groups come later and are taken as given). */
async function unknownRule(tx: Tx, accountId: string, rules: RuleInput[]): Promise<number> {
  const options = await ruleOptions(tx, accountId);
  return rules.findIndex((rule) => {
    if (rule.resource === "post_tag" || rule.resource === "group") return false;
    return !options[rule.resource].some((row) => row.id === rule.targetId);
  });
}

export type LevelAnswer =
  { ok: true; id: string | null } | { ok: false; code: string; field?: string };

/** Issue 16: saves a level with its whole rule list (`id` null adds it). */
export async function saveLevel(
  managing: Managing,
  id: string | null,
  input: unknown,
): Promise<LevelAnswer> {
  requireMembershipManager(managing);
  const parsed = levelInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", field: parsed.error.issues[0]?.path.join(".") };
  const { rules, ...fields } = parsed.data;
  const { accountId } = managing.account;
  const answer = await managing.database.forAccount(accountId, async (tx): Promise<LevelAnswer> => {
    if (id && !(await levelById(tx, { accountId, id })))
      throw new AppError({ code: "route.notFound" });
    const [taken] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.accountId, accountId),
          eq(memberships.slug, fields.slug),
          id ? ne(memberships.id, id) : undefined,
        ),
      )
      .limit(1);
    if (taken) return { ok: false, code: "memberships.slugTaken", field: "slug" };
    const unknown = await unknownRule(tx, accountId, rules);
    if (unknown >= 0) return { ok: false, code: "request.invalid", field: `rules.${unknown}` };
    const values = { ...fields, name: fields.name.trim(), description: fields.description.trim() };
    let levelId = id;
    if (levelId) {
      await tx
        .update(memberships)
        .set(values)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.id, levelId)));
    } else {
      const [row] = await tx
        .insert(memberships)
        .values({ ...values, accountId })
        .returning({ id: memberships.id });
      levelId = row!.id;
    }
    await tx
      .delete(membershipRules)
      .where(
        and(eq(membershipRules.accountId, accountId), eq(membershipRules.membershipId, levelId)),
      );
    const unique = new Map(
      rules.map((rule) => [
        rule.resource === "post_tag"
          ? `tag:${rule.tag.trim().toLowerCase()}`
          : `${rule.resource}:${rule.targetId}`,
        rule,
      ]),
    );
    if (unique.size > 0)
      await tx.insert(membershipRules).values(
        [...unique.values()].map((rule) => ({
          accountId,
          membershipId: levelId!,
          resource: rule.resource,
          targetId: rule.resource === "post_tag" ? null : rule.targetId,
          tag: rule.resource === "post_tag" ? rule.tag.trim() : null,
        })),
      );
    return { ok: true, id: levelId };
  });
  // What visitors see of members-only posts and courses changes with the rules.
  if (answer.ok) await managing.caches?.invalidateAccount(accountId, null);
  return answer;
}

/** Issue 16: deletes a level; its rules and holds go with it (products lose that grant). */
export async function deleteLevel(managing: Managing, id: string): Promise<LevelAnswer> {
  requireMembershipManager(managing);
  const { accountId } = managing.account;
  const gone = await managing.database.forAccount(accountId, (tx) =>
    tx
      .delete(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.id, id)))
      .returning({ id: memberships.id }),
  );
  if (gone.length === 0) throw new AppError({ code: "route.notFound" });
  await managing.caches?.invalidateAccount(accountId, null);
  return { ok: true, id: null };
}

export const HOLDERS_PAGE_SIZE = 50;

/** Issue 16: a level's holders (managers), by name or e-mail, a page at a time. */
export async function listLevelMembers(managing: Managing, id: string, query: unknown) {
  requireMembershipManager(managing);
  const parsed = memberListQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { q, page = 1 } = parsed.data;
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx) => {
    const level = await levelById(tx, { accountId, id });
    if (!level) throw new AppError({ code: "route.notFound" });
    const found = await levelHolders(tx, {
      accountId,
      membershipId: id,
      q,
      limit: HOLDERS_PAGE_SIZE,
      offset: (page - 1) * HOLDERS_PAGE_SIZE,
    });
    return {
      level: { id: level.id, name: level.name },
      rows: found.rows.map((row) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        expiresAt: row.expiresAt?.toISOString() ?? null,
      })),
      total: found.total,
      page,
      pageSize: HOLDERS_PAGE_SIZE,
    };
  });
}

/**
 * Issue 16: a manager gives a member a level by hand (source "manual") until the end of
 * `expiresAt` (a date; null = for ever). Unknown e-mail: `memberships.unknownMember`.
 */
export async function grantLevelByHand(
  managing: Managing,
  {
    id,
    email,
    expiresAt,
    now = new Date(),
  }: { id: string; email: string; expiresAt: string | null; now?: Date },
): Promise<LevelAnswer> {
  requireMembershipManager(managing);
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx): Promise<LevelAnswer> => {
    if (!(await levelById(tx, { accountId, id }))) throw new AppError({ code: "route.notFound" });
    const [member] = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(
        and(
          eq(members.accountId, accountId),
          sql`lower(${members.email}) = ${email.trim().toLowerCase()}`,
        ),
      )
      .limit(1);
    if (!member) return { ok: false, code: "memberships.unknownMember", field: "email" };
    const ends = expiresAt ? new Date(`${expiresAt}T23:59:59.999Z`) : null;
    if (ends && ends.getTime() <= now.getTime())
      return { ok: false, code: "request.invalid", field: "expiresAt" };
    await holdLevel(tx, {
      accountId,
      membershipId: id,
      userId: member.userId,
      source: "manual",
      orderId: null,
      now,
      expiresAt: ends,
    });
    return { ok: true, id };
  });
}

/** Issue 16: a manager takes a level from a member (whatever gave it); its courses close. */
export async function removeLevelHolder(
  managing: Managing,
  { id, userId, now = new Date() }: { id: string; userId: string; now?: Date },
): Promise<LevelAnswer> {
  requireMembershipManager(managing);
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx): Promise<LevelAnswer> => {
    const ended = await releaseLevels(tx, { accountId, userId, membershipIds: [id], now });
    if (ended.length === 0) throw new AppError({ code: "route.notFound" });
    return { ok: true, id };
  });
}

/** The memberships screen's action: one command (a JSON body). */
export async function commandLevel(managing: Managing, body: unknown): Promise<LevelAnswer> {
  requireMembershipManager(managing);
  const parsed = levelCommandSchema.safeParse(body);
  if (!parsed.success) return { ok: false, code: "request.invalid" };
  const command = parsed.data;
  switch (command.intent) {
    case "saveLevel":
      return saveLevel(managing, command.id, command.level);
    case "deleteLevel":
      return deleteLevel(managing, command.id);
    case "grantMember":
      return grantLevelByHand(managing, command);
    case "removeMember":
      return removeLevelHolder(managing, command);
  }
}
