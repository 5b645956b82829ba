import { z } from "zod";
import { emailPattern } from "~/platform/patterns";
import { plainTextSchema } from "~/platform/safe-value-schemas";

/*
 * M5 contacts on both sides of the wire: what a contact is, what the owner sends to make or
 * change one, and what a segment selects.
 */

/** Whether marketing mail may go to the address, and why not. */
export const contactStatuses = [
  "subscribed",
  "unconfirmed",
  "unsubscribed",
  "bounced",
  "complained",
] as const;
export type ContactStatus = (typeof contactStatuses)[number];

/** How the address first came to the site. */
export const contactSources = ["signup", "order", "enrolment", "form", "import", "manual"] as const;
export type ContactSource = (typeof contactSources)[number];

/** A change of permission, as the consent log keeps it. */
export const consentActions = [
  "subscribe",
  "confirm",
  "unsubscribe",
  "bounce",
  "complaint",
  "resubscribe",
] as const;
export type ConsentAction = (typeof consentActions)[number];

/** Statuses mail may never go to, whatever a segment says. */
export const unreachableStatuses: readonly ContactStatus[] = [
  "unsubscribed",
  "bounced",
  "complained",
];

const tag = plainTextSchema(40)
  .transform((value) => value.trim())
  .refine((value) => value.length > 0, { params: { origin: "required" } });
export const tagsSchema = z.array(tag).max(50);

/** A custom field's key: what an import column or a form field is stored under. */
export const fieldKeySchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);
export const fieldsSchema = z
  .record(fieldKeySchema, plainTextSchema(500))
  .refine((fields) => Object.keys(fields).length <= 50, { params: { origin: "tooMany" } });

export const contactEmailSchema = z.string().trim().max(254).regex(emailPattern);

/** What the owner sends to add a contact by hand, or to change one. */
export const contactInputSchema = z.object({
  email: contactEmailSchema,
  name: plainTextSchema(120).transform((value) => value.trim()),
  status: z.enum(["subscribed", "unconfirmed", "unsubscribed"]),
  tags: tagsSchema.default([]),
  fields: fieldsSchema.default({}),
  /** Why the owner may mail this person (kept in the consent log when subscribed). */
  consentNote: plainTextSchema(500).default(""),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** A contact as the owner's screens show it. */
export type ContactRow = {
  id: string;
  email: string;
  name: string;
  status: ContactStatus;
  source: ContactSource;
  tags: string[];
  fields: Record<string, string>;
  isMember: boolean;
  createdAt: string;
  lastActivityAt: string;
};

export type ConsentRow = {
  id: string;
  action: ConsentAction;
  wording: string;
  origin: string;
  pageUrl: string;
  ip: string;
  at: string;
};

const dateOnly = z.iso.date();

/**
 * A segment's rules; every rule given must hold. Tags: any of `tagsAny`, all of `tagsAll`,
 * none of `tagsNone`. Fields: each `{ key, op, value }`. Courses and products: enrolled in /
 * bought any of them (through the linked member). Dates are days in the site's time zone.
 */
export const segmentRulesSchema = z.object({
  statuses: z.array(z.enum(contactStatuses)).max(5).default([]),
  sources: z.array(z.enum(contactSources)).max(6).default([]),
  tagsAny: tagsSchema.default([]),
  tagsAll: tagsSchema.default([]),
  tagsNone: tagsSchema.default([]),
  fields: z
    .array(
      z.object({
        key: fieldKeySchema,
        op: z.enum(["is", "isNot", "contains", "isSet", "isNotSet"]),
        value: plainTextSchema(200).default(""),
      }),
    )
    .max(10)
    .default([]),
  courseIds: z.array(z.uuid()).max(50).default([]),
  productIds: z.array(z.uuid()).max(50).default([]),
  createdFrom: dateOnly.optional(),
  createdTo: dateOnly.optional(),
  activeFrom: dateOnly.optional(),
  activeTo: dateOnly.optional(),
});
export type SegmentRules = z.output<typeof segmentRulesSchema>;

export const segmentInputSchema = z.object({
  name: plainTextSchema(80)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { params: { origin: "required" } }),
  rules: segmentRulesSchema,
});

export type SegmentRow = { id: string; name: string; rules: SegmentRules; count: number };

/** The list's filters (search params). */
export const contactListQuerySchema = z.object({
  q: z.string().max(100).catch(""),
  status: z.enum(["all", ...contactStatuses]).catch("all"),
  tag: z.string().max(40).catch(""),
  segment: z.uuid().or(z.literal("")).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
export const CONTACTS_PER_PAGE = 50;

/** Tags added to (or removed from) many contacts at once. */
export const bulkTagSchema = z.object({
  intent: z.enum(["addTags", "removeTags"]),
  ids: z.array(z.uuid()).min(1).max(1000),
  tags: tagsSchema.min(1),
});

/** The screen whose action takes a CSV file's text (the import), and the most its body may be. */
export const CONTACTS_SCREEN_PATH = "/dashboard/manage/marketing/emails";
/** 5 MB of CSV, sent as a JSON string (quotes and line ends escaped: up to about twice as long). */
export const CONTACTS_IMPORT_REQUEST_BYTES = 11 * 1024 * 1024;
