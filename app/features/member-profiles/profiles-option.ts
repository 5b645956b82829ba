import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";

/**
 * Issue 35 member profiles (decision 070): whether a site's members see each other's profiles.
 * On by default, as in Circle and Skool; managers always see them, and everyone their own.
 */
export const profilesOption = defineOption(
  "profiles",
  z.object({ visible: z.boolean().default(true) }),
);

/** The whole option, saved by the owner's switch on the Members screen (the one options save). */
export const profilesPart = defineOptionPart({
  name: "profiles",
  key: "profiles",
  schema: profilesOption.schema,
});
