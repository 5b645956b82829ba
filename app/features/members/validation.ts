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

export const renameSchema = z.object({ name: z.string().trim().min(1).max(80) });
