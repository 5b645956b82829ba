// Client-safe shapes of membership levels and their content rules.

export const membershipStatuses = ["active", "archived"] as const;

/**
 * What a rule opens: one course, page, post, doc or (later) group by id, or every post or page
 * carrying a tag ("members of Gold see posts tagged premium").
 */
export const ruleResources = ["course", "page", "post", "doc", "group", "post_tag"] as const;
export type RuleResource = (typeof ruleResources)[number];

/** A person's hold on a level: active until `expires_at` (null = for ever) unless ended. */
export const memberMembershipStatuses = ["active", "cancelled", "expired"] as const;
export const memberMembershipSources = ["purchase", "manual"] as const;
