import { z } from "zod";
import {
  accountAddonNames,
  accountFeatureNames,
  domainCommandSchema,
  type AccountAddon,
  type AccountFeature,
  type DomainState,
} from "~/features/accounts/accounts";
import { findCurrency } from "~/features/cart/cart";
import type { FieldIssue } from "~/platform/field-issues";
import { languageCodes, type LanguageCode } from "~/platform/i18n/languages";

/** The web app's icons (manifest), from the site's icon: `/app-icons/{size}.png`. */
export const appIconSizes = [192, 512] as const;
export type AppIconSize = (typeof appIconSizes)[number];
export const appIconPath = (size: AppIconSize) => `/app-icons/${size}.png`;
export const MANIFEST_PATH = "/manifest.webmanifest";

/**
 * The site's icon as the app screen stores it: an image uploaded for this very account
 * (`POST /api/account/branding/logo`, variant icon), which the web app's icons are drawn from.
 */
export const siteIconPattern = /^\/files\/account-[0-9a-f-]{36}\/icons\/icon-[0-9a-f-]{36}\.png$/;

/** The app screen's settings of the account (spec §3): one save, checked again on the server. */
export const appSettingsSchema = z.object({
  sitetitle: z.string().trim().min(1).max(120),
  defaultLanguage: z.enum(languageCodes),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => findCurrency(code) !== undefined, { params: { origin: "choose" } }),
  /** An IANA zone; the server checks it against its own list. */
  timezone: z.string().min(1).max(64),
  /** The features switched on; each must be in the plan. */
  features: z.array(z.enum(accountFeatureNames)).max(accountFeatureNames.length),
  icon: z.string().max(200).regex(siteIconPattern).nullable(),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/** What /dashboard/app's action takes: the settings, or a domain command. */
export const appCommandSchema = z.union([
  z.object({ intent: z.literal("settings"), value: z.unknown() }),
  domainCommandSchema,
]);

/** /dashboard/addons' action: one add-on on or off. */
export const addonSwitchSchema = z.object({
  addon: z.enum(accountAddonNames),
  enabled: z.boolean(),
});

/** A feature as the app screen shows its switch: on, and whether the plan has it. */
export type FeatureSwitch = { name: AccountFeature; on: boolean; inPlan: boolean };

/** Everything /dashboard/app shows. */
export type AppScreenData = {
  settings: AppSettings;
  slug: string;
  /** The site's address on the platform (`{slug}.{base}`), with the request's scheme and port. */
  platformAddress: string;
  planLabel: string | null;
  features: FeatureSwitch[];
  domain: DomainState;
  /** The zones this server accepts, UTC first. */
  timezones: string[];
  /** The 20 languages, each in its own name. */
  languages: { value: LanguageCode; label: string }[];
  /** The currencies a site may sell in, named in the reader's language. */
  currencies: { value: string; label: string }[];
};

/** One add-on's card: on or off (free in the plan), not in this plan, or not available yet. */
export type AddonCard = {
  name: AccountAddon;
  state: "on" | "off" | "notInPlan" | "soon";
};

/** The launch checklist's steps, in the order an owner usually takes them. */
export const launchStepIds = ["identity", "domain", "payments", "mail", "course", "page"] as const;
export type LaunchStepId = (typeof launchStepIds)[number];

/** A step: done, still to do, or not possible yet (its screen is still to come). */
export type LaunchStep = { id: LaunchStepId; state: "done" | "todo" | "soon"; href: string };

/** Answers of the three screens' actions (a failure carries the catalogue's code). */
export type SiteAppAnswer =
  { ok: true; domain?: DomainState } | { ok: false; code: string; issues: FieldIssue[] };
