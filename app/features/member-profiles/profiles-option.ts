import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";

/**
 * Issue 35 member profiles (decisions 070, 071): whether a site's members see each other's
 * profiles (on by default, as in Circle and Skool; managers always see them, and everyone their
 * own), and whether visitors may see the profiles members choose to make public (off by default).
 */
export const profilesOption = defineOption(
  "profiles",
  z.object({ visible: z.boolean().default(true), public: z.boolean().default(false) }),
);

export type ProfilesSettings = { visible: boolean; public: boolean };

/** The whole option, saved by the owner's switches on the Members screen (the one options save). */
export const profilesPart = defineOptionPart({
  name: "profiles",
  key: "profiles",
  schema: profilesOption.schema,
});
