/**
 * Spec §9 usage meters, each with the plan limit it is measured against (plans' `limits` keys,
 * spec §9; a plan that names none gives 0). `monthly` meters count events per calendar month
 * (UTC); `gauge` meters measure what the site holds now.
 */
export const meters = [
  { id: "active_users", limit: "mau", kind: "monthly" },
  { id: "emails", limit: "emails", kind: "monthly" },
  { id: "ai_tokens", limit: "ai_tokens", kind: "monthly" },
  { id: "cdn_images", limit: "cdn_images", kind: "monthly" },
  { id: "videos", limit: "videos", kind: "gauge" },
  { id: "storage", limit: "storage", kind: "gauge" },
  { id: "chats", limit: "chats", kind: "monthly" },
  { id: "push_notifications", limit: "push_notifications", kind: "monthly" },
  { id: "email_verifications", limit: "email_verify", kind: "monthly" },
  { id: "jitsi_conferences", limit: "jitsi", kind: "monthly" },
] as const;

export type MeterId = (typeof meters)[number]["id"];
export const meterIds = meters.map((meter) => meter.id) as [MeterId, ...MeterId[]];
