import { z } from "zod";
import { languageCodes } from "~/platform/i18n/languages";
import { emailPattern, slugPattern } from "~/platform/patterns";

export const accountFeatureNames = ["lms", "groups", "appointments", "single_session"] as const;
export type AccountFeature = (typeof accountFeatureNames)[number];

/**
 * Add-ons (spec §9): a plan's `addons` map says which are free (certificates and zoom today);
 * the rest are listed as coming soon. An account switches a free one off or on again.
 */
export const accountAddonNames = [
  "certificates",
  "zoom",
  "ai_assistant",
  "white_label",
  "extra_storage",
  "sms",
  "custom_code",
] as const;
export type AccountAddon = (typeof accountAddonNames)[number];

/**
 * A custom domain the owner asked for and has not verified yet: the TXT record's token is meant
 * to be published in the domain's DNS, so it is no secret.
 */
export const domainClaimSchema = z.object({
  domain: z.string().max(253),
  token: z.string().max(64),
  requested_at: z.string().max(40),
});
export type DomainClaim = z.infer<typeof domainClaimSchema>;

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
  /** An IANA time zone (Intl.supportedValuesOf("timeZone"), or UTC). */
  timezone: z.string().max(64).optional(),
  /** Add-ons switched on (true) or off (false); one not named here is on when the plan has it free. */
  addons: z.partialRecord(z.enum(accountAddonNames), z.boolean()).optional(),
  domain_claim: domainClaimSchema.optional(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * Sub-domains a site may not take: the platform's own hosts and names people would mistake
 * for it. Compared after lower-casing; the slug pattern already refuses anything else odd.
 */
export const reservedSlugs = new Set([
  "www",
  "api",
  "admin",
  "app",
  "apps",
  "assets",
  "auth",
  "billing",
  "blog",
  "cdn",
  "dashboard",
  "dev",
  "docs",
  "files",
  "ftp",
  "help",
  "imap",
  "login",
  "lyceum",
  "mail",
  "media",
  "platform",
  "pop",
  "root",
  "signup",
  "smtp",
  "staging",
  "static",
  "status",
  "support",
  "test",
]);

/** A new site's address: 3 to 63 characters of the slug pattern (it becomes `{slug}.{base}`). */
export const newSlugSchema = z.string().trim().toLowerCase().min(3).max(63).regex(slugPattern);

/**
 * The plan a new site starts on when its sign-up names none, unpaid; also where a site whose
 * plan subscription lapsed falls back to after its grace (decision 035).
 */
export const NEW_SITE_PLAN = "starter";

/** The platform's sign-up form: a new site and its owner (P20). */
export const accountSignUpSchema = z.object({
  siteName: z.string().trim().min(1).max(120),
  slug: newSlugSchema,
  name: z.string().trim().min(1).max(80),
  email: z.string().trim().toLowerCase().max(254).regex(emailPattern),
  password: z.string().min(1).max(256),
  plan: z.string().trim().min(1).max(40).default(NEW_SITE_PLAN),
  language: z.enum(languageCodes).default("en"),
});
export type AccountSignUpInput = z.infer<typeof accountSignUpSchema>;
