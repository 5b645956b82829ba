import { z } from "zod";

export const GRADEBOOK_PAGE_SIZE = 25;
export const gradebookSorts = ["name", "progress", "activity"] as const;
export type GradebookSort = (typeof gradebookSorts)[number];

/** The gradebook's query string: anything unknown or malformed falls back to the default. */
export const gradebookQuerySchema = z.object({
  sort: z.enum(gradebookSorts).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  q: z
    .string()
    .max(100)
    .transform((value) => value.trim())
    .catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type GradebookQuery = z.infer<typeof gradebookQuerySchema>;

export function parseGradebookQuery(search: URLSearchParams): GradebookQuery {
  return gradebookQuerySchema.parse({
    sort: search.get("sort") ?? undefined,
    dir: search.get("dir") ?? undefined,
    q: search.get("q") ?? "",
    page: search.get("page") ?? undefined,
  });
}

export const statsPeriods = ["30d", "90d", "365d"] as const;
export type StatsPeriod = (typeof statsPeriods)[number];
export const statsPeriodSchema = z.enum(statsPeriods).catch("30d");
export const periodDays: Record<StatsPeriod, number> = { "30d": 30, "90d": 90, "365d": 365 };
/** Days for a month, weeks for a quarter and a year. */
export const periodBucket: Record<StatsPeriod, "day" | "week"> = {
  "30d": "day",
  "90d": "week",
  "365d": "week",
};
