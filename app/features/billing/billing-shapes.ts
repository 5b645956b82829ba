// Client-safe shapes of the platform's billing of sites (issue 17, C7).

export const planIntervals = ["monthly", "annual", "onetime"] as const;
export type PlanInterval = (typeof planIntervals)[number];
