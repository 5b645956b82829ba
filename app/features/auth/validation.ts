import { z } from "zod";
import { emailPattern } from "~/platform/patterns";

export const emailSchema = z.string().trim().toLowerCase().max(254).regex(emailPattern);

export const signUpSchema = z.object({
  name: z.string().trim().min(1).max(80),
  email: emailSchema,
  password: z.string().min(1).max(256),
});
export type SignUpInput = z.infer<typeof signUpSchema>;
