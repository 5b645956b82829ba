import { z } from "zod";
import { defineOption, defineOptionPart, type OptionValue } from "~/features/options/options";
import { fontStackSchema } from "~/platform/safe-value-schemas";

export const primaryColorSchema = z
  .enum(["blue", "cyan", "grape", "green", "indigo", "orange", "pink", "red", "teal", "violet"])
  .default("blue");

export const themeOption = defineOption(
  "theme",
  z.object({
    bodyStyle: z.enum(["boxed", "full"]).default("full"),
    primaryColor: primaryColorSchema,
    fontFamily: fontStackSchema.optional(),
    headingsFontFamily: fontStackSchema.optional(),
  }),
);
export type ThemeValue = OptionValue<typeof themeOption>;

export const themePart = defineOptionPart({
  name: "theme",
  key: "theme",
  schema: themeOption.schema,
});
