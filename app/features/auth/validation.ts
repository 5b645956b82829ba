import { z } from "zod";
import { emailPattern, phonePattern } from "~/platform/patterns";

export const emailSchema = z.string().trim().toLowerCase().max(254).regex(emailPattern);

export const signUpSchema = z.object({
  name: z.string().trim().min(1).max(80),
  email: emailSchema,
  password: z.string().min(1).max(256),
  /** Where the confirmation link leads once it signs the person in (a path on this site). */
  redirectTo: z.string().max(500).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const phoneSchema = z.string().trim().regex(phonePattern);

export const phoneSignUpSchema = z.object({
  name: z.string().trim().min(1).max(80),
  phone: phoneSchema,
  password: z.string().min(1).max(256),
});
export type PhoneSignUpInput = z.infer<typeof phoneSignUpSchema>;

export const phoneVerifySchema = z.object({
  phone: phoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/),
});
export type PhoneVerifyInput = z.infer<typeof phoneVerifySchema>;

/** One session by its id, or every other session of the person on this site. */
export const revokeSessionSchema = z.union([
  z.object({ id: z.string().min(1).max(200) }).strict(),
  z.object({ others: z.literal(true) }).strict(),
]);
