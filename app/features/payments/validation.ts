import { z } from "zod";
import { paymentProviderNames } from "./provider-shapes";

/** A key as providers issue them: printable ASCII, no spaces (pasted whitespace is trimmed). */
const key = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[\x21-\x7e]*$/, "keys have no spaces or special characters");

/**
 * One provider's settings from the manager's screen. An empty (or absent) secret keeps the
 * stored one; the secrets are write-only.
 */
export const providerSettingsInputSchema = z
  .object({
    provider: z.enum(paymentProviderNames),
    enabled: z.boolean(),
    publicKey: key(300).default(""),
    secretKey: key(500).default(""),
    webhookSecret: key(500).default(""),
    instructions: z.string().trim().max(5000).default(""),
  })
  .strict();
export type ProviderSettingsInput = z.infer<typeof providerSettingsInputSchema>;
