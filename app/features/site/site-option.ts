import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";

export const miscOption = defineOption(
  "misc",
  z.object({
    scripts: z.string().default(""),
    /** A Google Analytics 4 measurement id; loaded only after the visitor accepts all cookies. */
    analytics_tag: z
      .string()
      .regex(/^G-[A-Z0-9]{4,16}$/)
      .optional(),
  }),
);

/** Spec §3 Account.settings, free-form, as the options API stores it. */
export const settingsOption = defineOption("settings", z.record(z.string(), z.unknown()));

export const scriptsPart = defineOptionPart({
  name: "scripts",
  key: "misc",
  field: "scripts",
  schema: miscOption.schema.shape.scripts,
});
