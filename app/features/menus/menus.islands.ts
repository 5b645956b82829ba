// The menus' island (decision 048): the header's menu with its dropdowns and megamenus.
import { defineIsland } from "~/platform/islands/island";
import { SiteMenu } from "./components/site-menu";

export const SiteMenuIsland = defineIsland("site-menu", SiteMenu);
