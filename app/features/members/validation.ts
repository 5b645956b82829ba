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

/**
 * `/api/account/profile`: the member's own name, "about you" and whether visitors may see their
 * profile (decision 071); any of them, at least one.
 */
export const ownProfileSchema = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    bio: z.string().trim().max(BIO_MAX).optional(),
    profilePublic: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined));
