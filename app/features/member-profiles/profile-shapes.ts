import type { ActivityFeed } from "~/features/activity/activity";
import type { Level } from "~/features/leaderboard/leaderboard";

export const MEMBERS_PATH = "/dashboard/members";

/** A member's profile as another member of the site sees it (decision 070). */
export type MemberProfile = {
  person: {
    userId: string;
    name: string;
    slug: string;
    avatar: string | null;
    role: string;
    memberSince: string;
  };
  /** The viewer's own profile. */
  self: boolean;
  points: number;
  level: number;
  levels: Level[];
  /** The groups they are in that the viewer may read. */
  groups: { name: string; slug: string }[];
  /** What they did that the viewer may read, newest first (older pages on their activity). */
  activity: ActivityFeed;
  /** Whether the viewer may start a conversation with them (the site's rule, blocks). */
  canMessage: boolean;
  /** Whether the viewer manages the site's members (a link to the member's admin page). */
  canManage: boolean;
};
