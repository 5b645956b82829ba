import { z } from "zod";
import { defineOption, defineOptionPart } from "~/features/options/options";

/** D8: the member menu's enabled item ids, in order; null = every item, default order. */
const memberMenuSchema = z.array(z.string().max(40)).max(40).nullable().default(null);

/** The dashboard's settings for every member; not shown on the public site. */
export const dashboardOption = defineOption(
  "dashboard",
  z.object({ member_menu: memberMenuSchema }),
);

/** The site hub's save of the member menu (one field of the dashboard option). */
export const memberMenuPart = defineOptionPart({
  name: "memberMenu",
  key: "dashboard",
  field: "member_menu",
  schema: memberMenuSchema,
});
