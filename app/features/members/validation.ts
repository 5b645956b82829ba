import { z } from "zod";
import { emailPattern } from "~/platform/patterns";

export const isSiteOwnerSchema = z.object({
  account_id: z.uuid(),
  email: z.string().trim().max(254).regex(emailPattern),
});

export const getUserEmailByIdSchema = z.object({
  account_id: z.uuid(),
  user_id: z.string().min(1).max(64),
});

/** The longest "about you" a profile shows (decision 071). */
export const BIO_MAX = 500;
/** At most this many web addresses on a profile (decision 074). */
export const LINKS_MAX = 3;
/** An invitation holds its role this long (decision 074); the Members screen says when it ends. */
export const INVITE_DAYS = 30;

/** The longest web address a profile keeps. */
export const LINK_MAX = 300;

/** A profile's web address: http or https with a domain name, never a script or data URL. */
export function isProfileLink(value: string): boolean {
  if (value.length > LINK_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const profileLink = z.string().trim().max(LINK_MAX).refine(isProfileLink, "invalid_url");

/**
 * `/api/account/profile`: the member's own name, "about you", web addresses and whether visitors
 * may see their profile (decisions 071, 074); any of them, at least one.
 */
export const ownProfileSchema = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    bio: z.string().trim().max(BIO_MAX).optional(),
    profilePublic: z.boolean().optional(),
    links: z.array(profileLink).max(LINKS_MAX).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined));
