import { z } from "zod";
import { languageCodes } from "~/platform/i18n/languages";

export const accountFeatureNames = ["lms", "groups", "appointments", "single_session"] as const;
export type AccountFeature = (typeof accountFeatureNames)[number];

/** Account settings (spec §3). Everything here is public site data: never put secrets in it. */
export const accountSettingsSchema = z.object({
  sitetitle: z.string().max(120).optional(),
  description: z.string().max(300).optional(),
  currency: z.string().length(3).optional(),
  defaultLanguage: z.enum(languageCodes).optional(),
  plan: z.string().optional(),
  onboard: z.boolean().optional(),
  icon: z.string().optional(),
  logo: z.string().optional(),
  dark_logo: z.string().optional(),
  logo_width: z.number().positive().max(40).optional(),
  features: z.array(z.enum(accountFeatureNames)).optional(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
