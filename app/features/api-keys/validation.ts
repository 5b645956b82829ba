import { z } from "zod";
import { apiScopes, KEY_NAME_MAX } from "./scopes";

/** The expiry choices the screen offers, in days; null never expires. */
export const expiryChoices = [7, 30, 90, 365] as const;

export const createKeySchema = z
  .object({
    intent: z.literal("create"),
    name: z.string().trim().min(1).max(KEY_NAME_MAX),
    scopes: z
      .array(z.enum(apiScopes))
      .min(1)
      .max(apiScopes.length)
      .refine((list) => new Set(list).size === list.length, { message: "repeated scope" }),
    expiresInDays: z.literal(expiryChoices).nullable().default(null),
  })
  .strict();

export const revokeKeySchema = z.object({ intent: z.literal("revoke"), id: z.uuid() }).strict();

export const keyCommandSchema = z.discriminatedUnion("intent", [createKeySchema, revokeKeySchema]);
export type KeyCommand = z.infer<typeof keyCommandSchema>;
