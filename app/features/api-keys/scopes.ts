import type { Capability } from "~/features/members/members";

/**
 * What an API key may be given (decision 086). Client-safe: the screen's checkboxes. Each scope
 * opens a few routes of the registry (route-registry.server.ts) and needs one capability of the
 * person who makes the key, at creation and at every use.
 */
export const apiScopes = [
  "products:read",
  "products:write",
  "coupons:read",
  "coupons:write",
  "orders:read",
  "analytics:read",
] as const;
export type ApiScope = (typeof apiScopes)[number];

export const scopeCapability: Record<ApiScope, Capability> = {
  "products:read": "manage_options",
  "products:write": "manage_options",
  "coupons:read": "manage_options",
  "coupons:write": "manage_options",
  "orders:read": "manage_options",
  "analytics:read": "manage_stats",
};

/** Every key starts so: a scanner of leaked secrets, and the server, tell ours apart. */
export const KEY_PREFIX = "lyk_";
/** The secret's characters after the prefix (24 random bytes in base64url). */
export const KEY_BODY_LENGTH = 32;
/** What lists show of a key: the prefix and its first characters. */
export const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 8;
export const KEY_NAME_MAX = 80;
/** The most live (not revoked) keys one site holds. */
export const MAX_LIVE_KEYS = 50;

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
};
