import { z } from "zod";
import { headerNoticesSchema } from "~/features/notices/notices";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";

export const MIN_HEADER_FONT_SIZE = 10;
export const MAX_HEADER_FONT_SIZE = 24;

/** The header option as the header screen edits it: everything but `notices`. */
export const headerSettingsSchema = z.object({
  header_style: z.enum(["transparent", "solid"]).default("solid"),
  header_fix: z.boolean().default(false),
  header_fontsize: z.number().int().min(MIN_HEADER_FONT_SIZE).max(MAX_HEADER_FONT_SIZE).default(15),
  header_darklight: z.boolean().default(true),
  header_search: z.boolean().default(true),
  header_cart: z.boolean().default(true),
  header_login: z.boolean().default(true),
});
export type HeaderSettings = z.output<typeof headerSettingsSchema>;

export const headerOption = defineOption(
  "header",
  headerSettingsSchema.extend({ notices: headerNoticesSchema }),
);
export type HeaderValue = OptionValue<typeof headerOption>;

/** The header screen's save: its fields, leaving the notices another screen edits as stored. */
export const headerPart = defineOptionPart({
  name: "header",
  key: "header",
  fields: Object.keys(headerSettingsSchema.shape),
  schema: headerSettingsSchema,
});

/** The four controls a site may hide from its header (spec §2). */
export const headerSwitches = [
  "header_darklight",
  "header_search",
  "header_cart",
  "header_login",
] as const;
