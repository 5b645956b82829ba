// The groups feature's server door (issue 35, decision 064).
import { and, asc, eq } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { courses } from "~/features/courses/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { memberships } from "~/features/memberships/tables.server";
import { planLimit } from "~/features/plans/plans";
import { findPlan } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { can } from "~/features/members/members.server";
import { groupWithRights } from "./group-access.server";
import { tellManagersOfReport } from "~/features/moderation/moderation.server";
import type { Tx } from "~/platform/db/database.server";
import { plainText } from "~/platform/plain-text";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { announceTold, nothingTold, type Told } from "./group-echo.server";
import {
  moderatePost,
  postIn,
  react,
  reportPost,
  writeComment,
  writePost,
} from "./group-posts.server";
import { vote } from "./group-polls.server";
import {
  createGroup,
  decideMember,
  joinGroup,
  leaveGroup,
  markRead,
  updateGroup,
  type Place,
} from "./group-records.server";
import {
  groupCommandSchema,
  type GroupAnswer,
  type GroupCommand,
  type GroupTies,
} from "./group-shapes";
import { groups } from "./tables.server";

export { listGroups, loadGroup } from "./group-feed.server";
export { groupTiesConsumer } from "./group-ties.server";
export {
  groupsWithRights,
  groupWithRights,
  readableGroups,
  type GroupRights,
} from "./group-access.server";
export { GROUPS_PATH } from "./group-shapes";

/** The plan's cap on groups (spec §9 `groups`: Dedicated and Lifetime sell 3); 0 = no cap. */
export async function groupLimit(database: Database, account: AccountSummary): Promise<number> {
  const plan = account.settings.plan ? await findPlan(database, account.settings.plan) : undefined;
  return planLimit(plan, "groups");
}

/** The courses and memberships a group may be tied to. */
export async function groupTies(
  database: Database,
  { accountId }: { accountId: string },
): Promise<GroupTies> {
  return database.forAccount(accountId, async (tx) => ({
    courses: await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.accountId, accountId))
      .orderBy(asc(courses.title)),
    memberships: await tx
      .select({ id: memberships.id, title: memberships.name })
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(memberships.name)),
  }));
}

/**
 * The groups screens' commands (one JSON body naming its `intent`), each in one transaction,
 * each asking the group's rights first (group-access.server.ts); what they change is told
 * (bells, open pages) once committed.
 */
export async function commandGroups(
  { database, pubsub }: { database: Database; pubsub: PubSub },
  {
    accountId,
    viewer,
    body,
    limit,
    now = new Date(),
  }: { accountId: string; viewer: Viewer | null; body: unknown; limit: number; now?: Date },
): Promise<GroupAnswer> {
  if (!viewer?.membership) throw new AppError({ code: "not_authenticated" });
  const command = groupCommandSchema.parse(body);
  const place: Place = { accountId, viewer, now };
  const told = nothingTold();
  const answer = await database.forAccount(accountId, (tx) =>
    runCommand(tx, place, command, { limit, told }),
  );
  await announceTold(pubsub, { accountId, told });
  if (told.reported)
    await tellManagersOfReport(
      { database, pubsub },
      { accountId, reporter: viewer.membership.name, ...told.reported },
    );
  return answer;
}

async function runCommand(
  tx: Tx,
  place: Place,
  command: GroupCommand,
  { limit, told }: { limit: number; told: Told },
): Promise<GroupAnswer> {
  const { accountId, viewer } = place;
  if (command.intent === "create")
    return createGroup(tx, place, {
      group: command.group,
      limit,
      manager: can(viewer, "manage_options"),
    });
  if ("postId" in command) {
    const post = await postIn(tx, place, command.postId);
    const within = await groupWithRights(tx, { ...place, where: { id: post.groupId } });
    if (!within.rights.read) throw new AppError({ code: "route.notFound" });
    if (post.hiddenAt && !within.rights.moderate) throw new AppError({ code: "route.notFound" });
    const withPost = { ...within, post };
    switch (command.intent) {
      case "comment":
        return writeComment(tx, place, withPost, command, told);
      case "react":
        return react(tx, place, withPost, command);
      case "vote": {
        const answer = await vote(tx, place, withPost, command);
        told.changed = { groupId: within.group.id, kind: "post" };
        return answer;
      }
      case "report":
        if (await reportPost(tx, place, withPost, command))
          told.reported = { group: within.group.name, excerpt: plainText(post.body) };
        return { ok: true, id: post.id };
      default:
        return moderatePost(tx, place, withPost, command, told);
    }
  }
  const within = await groupWithRights(tx, { ...place, where: { id: command.groupId } });
  switch (command.intent) {
    case "update":
      return updateGroup(tx, place, { ...within, raw: command.group });
    case "delete":
      if (!within.rights.manager) throw new AppError({ code: "auth.forbidden" });
      await tx
        .delete(groups)
        .where(and(eq(groups.accountId, accountId), eq(groups.id, within.group.id)));
      return { ok: true, id: within.group.id };
    case "join":
      return joinGroup(tx, place, within);
    case "leave":
      return leaveGroup(tx, place, within);
    case "decide":
      return decideMember(tx, place, { ...within, command });
    case "markRead":
      return markRead(tx, place, within);
    case "post":
      return writePost(tx, place, within, command, told);
  }
}
