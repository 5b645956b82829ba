// Client-safe shapes of what a site sells (tables.server.ts stores them).

export const productKinds = ["course", "membership", "download", "bundle", "session"] as const;
export type ProductKind = (typeof productKinds)[number];

export const productStatuses = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** public: listed and buyable; hidden: buyable by its address only. */
export const productVisibilities = ["public", "hidden"] as const;
export type ProductVisibility = (typeof productVisibilities)[number];

/**
 * How a price is paid (spec §3 Plan pricing's shape): once; a subscription every month or year
 * with trial days and a number of iterations (0 = until cancelled); or a payment plan of
 * `iterations` instalments of `amount` every `interval`.
 */
export const billingKinds = ["one_time", "subscription", "installments"] as const;
export type BillingKind = (typeof billingKinds)[number];

export const billingIntervals = ["month", "year"] as const;
export type BillingInterval = (typeof billingIntervals)[number];

/** What a product grants: a course, a membership level or a downloadable file of the library. */
export const grantTargets = ["course", "membership", "download"] as const;
export type GrantTarget = (typeof grantTargets)[number];
