import { z } from "zod";
import { footerNoticeSchema } from "~/features/notices/notices";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";
import { linkUrlSchema, plainTextSchema } from "~/platform/safe-value-schemas";

const footerLinkSchema = z.object({ label: plainTextSchema(120), url: linkUrlSchema });

/** The footer option as the footer screen edits it: everything but the notice fields. */
export const footerSettingsSchema = z.object({
  footer_style: z
    .string()
    .max(40)
    .regex(/^[\w-]*$/)
    .default("columns"),
  // A footer whose notice was saved first has no columns yet.
  footer_columns: z
    .array(
      z.object({
        title: plainTextSchema(120),
        type: z.enum(["links", "text"]),
        width: z.number().int().min(1).max(12).default(3),
        data: z.union([plainTextSchema(2000), z.array(footerLinkSchema)]),
      }),
    )
    .default([]),
  footer_bottom: plainTextSchema(500).default(""),
  footer_bottom_links: z.array(footerLinkSchema).default([]),
});

export const footerOption = defineOption(
  "footer",
  footerSettingsSchema.extend(footerNoticeSchema.shape),
);
export type FooterValue = OptionValue<typeof footerOption>;

export const footerPart = defineOptionPart({
  name: "footer",
  key: "footer",
  fields: Object.keys(footerSettingsSchema.shape),
  schema: footerSettingsSchema,
});
