import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";

/**
 * Issue 35 levels (decision 066): the points a member needs for each level, and the names the
 * owner gives them. A name left empty reads as "Level N" in the reader's language.
 */
export const DEFAULT_LEVEL_POINTS = [0, 5, 20, 65, 155, 515, 2015, 8015, 33015] as const;
export const MAX_LEVELS = 12;

export const levelSchema = z.object({
  name: z.string().trim().max(40).default(""),
  points: z.number().int().min(0).max(100_000_000),
});
export type Level = z.infer<typeof levelSchema>;

export const levelsSchema = z
  .array(levelSchema)
  .min(1)
  .max(MAX_LEVELS)
  .superRefine((levels, context) => {
    if (levels.length > 0 && levels[0]!.points !== 0)
      context.addIssue({ code: "custom", path: [0, "points"], params: { origin: "levelStart" } });
    levels.forEach((level, n) => {
      if (n > 0 && level.points <= levels[n - 1]!.points)
        context.addIssue({ code: "custom", path: [n, "points"], params: { origin: "levelOrder" } });
    });
  });

export const defaultLevels: Level[] = DEFAULT_LEVEL_POINTS.map((points) => ({ name: "", points }));

export const gamificationOption = defineOption(
  "gamification",
  z.object({ levels: levelsSchema.default(defaultLevels) }),
);

/** The whole option, saved by the owner's levels editor (the one options save). */
export const levelsPart = defineOptionPart({
  name: "levels",
  key: "gamification",
  schema: gamificationOption.schema,
});

/** The level (1-based) a total of points reaches. */
export function levelOf(levels: readonly Level[], total: number): number {
  let reached = 1;
  levels.forEach((level, n) => {
    if (total >= level.points) reached = n + 1;
  });
  return reached;
}

export const leaderboardPeriods = ["7d", "30d", "all"] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

export type LeaderboardRow = {
  rank: number;
  userId: string;
  name: string;
  avatar: string | null;
  /** Points of the period (of the group, when the board is a group's). */
  points: number;
  /** The member's level, from all their points on the site. */
  level: number;
};

export type Leaderboard = {
  period: LeaderboardPeriod;
  rows: LeaderboardRow[];
  /** The viewer's own line, wherever they stand (null with no points in the period). */
  me: LeaderboardRow | null;
  levels: Level[];
  /** The group whose board it is, or null for the site's. */
  group: { slug: string; name: string } | null;
  /** Groups whose boards the viewer may open. */
  groups: { slug: string; name: string }[];
  canManage: boolean;
};
