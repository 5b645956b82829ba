// The popups' island (decision 048): it loads at once on the pages that have a popup (its
// triggers must listen from the start); a page without one carries no popup code.
import { defineIsland } from "~/platform/islands/island";
import { PopupsView } from "./components/popups-view";

export const PopupsIsland = defineIsland("popups", PopupsView, { trigger: "load" });
