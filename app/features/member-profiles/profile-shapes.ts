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
    /** "About me", plain text (decision 071). */
    bio: string;
    /** Their web addresses, http(s) only (decision 074). */
    links: string[];
  };
  /** The viewer's own profile. */
  self: boolean;
  /** Visitors see it too, at `/members/{slug}` (the site allows it and the member chose it). */
  publicPage: boolean;
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

/** Where a member's public profile answers on the site (decision 071). */
export const PUBLIC_PROFILES_PATH = "/members";

/** A member's profile as a visitor sees it, once the site and the member allow it (decision 071). */
export type PublicProfile = {
  name: string;
  slug: string;
  avatar: string | null;
  bio: string;
  links: string[];
  memberSince: string;
  points: number;
  level: number;
  levels: Level[];
  /** Their certificates, each checkable at `/certificates/{code}`. */
  certificates: { code: string; courseTitle: string; issuedAt: string }[];
};

/** The member's own profile settings on `/dashboard/profile` (decision 071). */
export type OwnProfileSettings = {
  slug: string;
  bio: string;
  links: string[];
  profilePublic: boolean;
  /** Whether the site lets visitors see the profiles members make public. */
  sitePublic: boolean;
};
