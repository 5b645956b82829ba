// Issue 35 public member profiles (decision 071): a visitor sees a member's profile only while
// the site allows public profiles and the member chose to show theirs; else it is not found.
import { and, desc, eq, isNull } from "drizzle-orm";
import { certificates } from "~/features/certificates/tables.server";
import { pointsTotal } from "~/features/gamification/gamification.server";
import { levelOf, levelsOf } from "~/features/leaderboard/leaderboard.server";
import { isProfileLink } from "~/features/members/members";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { Database } from "~/platform/db/database.server";
import { profilesSettings } from "./profiles-settings.server";
import type { OwnProfileSettings, PublicProfile } from "./profile-shapes";

/** The profile at `/members/{slug}`, for anyone; not found unless the site and the member allow it. */
export async function loadPublicProfile(
  database: Database,
  { accountId, slug }: { accountId: string; slug: string },
): Promise<PublicProfile | null> {
  return database.readAccount(accountId, async (tx) => {
    if (!(await profilesSettings(tx, accountId)).public) return null;
    const [person] = await tx
      .select({
        userId: members.userId,
        name: members.name,
        slug: members.slug,
        avatar: members.avatar,
        bio: members.bio,
        links: members.links,
        memberSince: members.createdAt,
      })
      .from(members)
      .where(
        and(
          eq(members.accountId, accountId),
          eq(members.slug, slug),
          eq(members.profilePublic, true),
          isNull(members.suspendedAt),
        ),
      );
    if (!person) return null;
    const levels = await levelsOf(tx, accountId);
    const points = await pointsTotal(tx, { accountId, userId: person.userId });
    const earned = await tx
      .select({
        code: certificates.code,
        courseTitle: certificates.courseTitle,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(and(eq(certificates.accountId, accountId), eq(certificates.userId, person.userId)))
      .orderBy(desc(certificates.issuedAt))
      .limit(50);
    return {
      name: person.name,
      slug: person.slug,
      avatar: person.avatar,
      bio: person.bio,
      links: person.links.filter(isProfileLink),
      memberSince: person.memberSince.toISOString(),
      points,
      level: levelOf(levels, points),
      levels,
      certificates: earned.map((one) => ({ ...one, issuedAt: one.issuedAt.toISOString() })),
    };
  });
}

/** What `/dashboard/profile` shows of the member's own profile on this site. */
export async function loadOwnProfileSettings(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer },
): Promise<OwnProfileSettings | null> {
  if (!viewer.membership) return null;
  return database.forAccount(accountId, async (tx) => {
    const [own] = await tx
      .select({
        slug: members.slug,
        bio: members.bio,
        links: members.links,
        profilePublic: members.profilePublic,
      })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, viewer.user.id)));
    if (!own) return null;
    return { ...own, sitePublic: (await profilesSettings(tx, accountId)).public };
  });
}
