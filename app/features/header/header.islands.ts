// The header's islands (decision 048): the phone's menu and the theme switch.
import { defineIsland } from "~/platform/islands/island";
import { ThemeToggle } from "~/ui/theme-toggle";
import { SiteMobileNav } from "./components/site-mobile-nav";

export const SiteMobileNavIsland = defineIsland("mobile-nav", SiteMobileNav);
export const ThemeToggleIsland = defineIsland("theme-toggle", ThemeToggle);
