// Issue 35 member profiles (decision 070): a member's page as the site's other members see it —
// who they are, their level and points, the groups they share with the viewer, and what they did
// that the viewer may read (the activity feed's rights, one person's items).
import { and, eq, inArray, or } from "drizzle-orm";
import { loadActivity } from "~/features/activity/activity.server";
import { pointsTotal } from "~/features/gamification/gamification.server";
import { readableGroups } from "~/features/groups/groups.server";
import { groupMembers } from "~/features/groups/tables.server";
import { levelOf, levelsOf } from "~/features/leaderboard/leaderboard.server";
import { isProfileLink } from "~/features/members/members";
import { can, type Viewer } from "~/features/members/members.server";
import { members, roles } from "~/features/members/tables.server";
import { mayMessage } from "~/features/messages/messages.server";
import { saveSiteOption } from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { z } from "zod";
import { profilesPart, type ProfilesSettings } from "./profiles-option";
import { profilesSettings } from "./profiles-settings.server";
import type { MemberProfile } from "./profile-shapes";

export * from "./public-profiles.server";

/** Who the site lets see profiles (the Members screen's switches). */
export function loadProfilesSettings(
  database: Database,
  accountId: string,
): Promise<ProfilesSettings> {
  return database.forAccount(accountId, (tx) => profilesSettings(tx, accountId));
}

/** Whether this viewer may open members' profiles (the screens that link to them ask). */
export async function mayOpenProfiles(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer | null },
): Promise<boolean> {
  return can(viewer, "manage_options") || (await loadProfilesSettings(database, accountId)).visible;
}

/**
 * The profile of the member at `slug`: a member of the site reads it while the owner lets
 * members see each other (managers always; everyone their own). A suspended member's profile is
 * for managers only. Anything else reads as not found.
 */
export async function loadMemberProfile(
  database: Database,
  { accountId, viewer, slug }: { accountId: string; viewer: Viewer | null; slug: string },
): Promise<MemberProfile> {
  if (!viewer?.membership) throw new AppError({ code: "not_authenticated" });
  const manager = can(viewer, "manage_options");
  const found = await database.forAccount(accountId, async (tx) => {
    const [person] = await tx
      .select({
        userId: members.userId,
        name: members.name,
        slug: members.slug,
        avatar: members.avatar,
        role: roles.name,
        memberSince: members.createdAt,
        suspendedAt: members.suspendedAt,
        bio: members.bio,
        links: members.links,
        profilePublic: members.profilePublic,
      })
      .from(members)
      .innerJoin(
        roles,
        and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)),
      )
      // By address name, or by user id (the screens that know no slug link so).
      .where(
        and(eq(members.accountId, accountId), or(eq(members.slug, slug), eq(members.userId, slug))),
      );
    if (!person) return null;
    const self = person.userId === viewer.user.id;
    const settings = await profilesSettings(tx, accountId);
    if (!manager && (person.suspendedAt || (!self && !settings.visible))) return null;
    const readable = await readableGroups(tx, { accountId, viewer });
    const theirs = readable.length
      ? await tx
          .select({ groupId: groupMembers.groupId })
          .from(groupMembers)
          .where(
            and(
              eq(groupMembers.accountId, accountId),
              eq(groupMembers.userId, person.userId),
              eq(groupMembers.status, "active"),
              inArray(
                groupMembers.groupId,
                readable.map((group) => group.id),
              ),
            ),
          )
      : [];
    const ids = new Set(theirs.map((row) => row.groupId));
    const levels = await levelsOf(tx, accountId);
    const points = await pointsTotal(tx, { accountId, userId: person.userId });
    return {
      person: {
        userId: person.userId,
        name: person.name,
        slug: person.slug,
        avatar: person.avatar,
        role: person.role,
        memberSince: person.memberSince.toISOString(),
        bio: person.bio,
        links: person.links.filter(isProfileLink),
      },
      self,
      publicPage: person.profilePublic && settings.public,
      points,
      level: levelOf(levels, points),
      levels,
      groups: readable
        .filter((group) => ids.has(group.id))
        .map(({ name, slug: groupSlug }) => ({ name, slug: groupSlug }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      canMessage: await mayMessage(tx, { accountId, viewer, userId: person.userId }),
      canManage: manager,
    };
  });
  if (!found) throw new AppError({ code: "route.notFound" });
  const activity = await loadActivity(database, {
    accountId,
    viewer,
    who: "all",
    person: found.person.userId,
    size: 10,
  });
  return { ...found, activity };
}

const visibilitySchema = z.object({
  intent: z.literal("profiles"),
  visible: z.boolean(),
  public: z.boolean(),
});

/** The owner's switches: who sees members' profiles (the one options save). */
export async function saveProfilesVisibility(
  database: Database,
  { accountId, viewer, body }: { accountId: string; viewer: Viewer | null; body: unknown },
) {
  if (!can(viewer, "manage_options")) throw new AppError({ code: "auth.forbidden" });
  const { intent: _, ...value } = visibilitySchema.parse(body);
  return saveSiteOption(database, {
    accountId,
    part: profilesPart,
    value,
    caches: null,
  });
}
