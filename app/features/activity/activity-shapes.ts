/**
 * Issue 35 activity (decision 067), on both sides of the wire: what the site's feed shows, read
 * from where each thing is kept, each with the same privacy as its source.
 */
export const ACTIVITY_PATH = "/dashboard/activity";
export const ACTIVITY_PAGE_SIZE = 30;

export const activityKinds = [
  "post",
  "comment",
  "completed",
  "certificate",
  "joined",
  "level",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export type ActivityItem = {
  /** Unique across kinds (the cursor's tie-break). */
  key: string;
  kind: ActivityKind;
  at: string;
  actor: { userId: string; name: string; avatar: string | null };
  /** A group's or a course's name, or a level's (empty: "Level N"). */
  title: string;
  /** The start of a post's or comment's text. */
  excerpt: string;
  /** The level reached (kind `level`). */
  level: number | null;
  /** Where it leads (a group's post), or null. */
  url: string | null;
};

export type ActivityFeed = {
  items: ActivityItem[];
  /** The cursor of the next page, or null at the end. */
  next: string | null;
  /** `all`: the site's feed; `me`: the viewer's own. */
  who: "all" | "me";
};
