import { z } from "zod";
import { defineOption } from "~/features/options/options";

/** The dashboard's settings for every member; not shown on the public site. */
export const dashboardOption = defineOption(
  "dashboard",
  z.object({
    /** D8: the member menu's enabled item ids, in order; null = every item, default order. */
    member_menu: z.array(z.string().max(40)).max(40).nullable().default(null),
  }),
);
