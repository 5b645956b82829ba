// The search's island (decision 048): the header's magnifier and its modal.
import { defineIsland } from "~/platform/islands/island";
import { SiteSearch } from "./components/site-search";

// Its shortcuts (site-search.tsx's hotkeys) open it before it is awake.
export const SiteSearchIsland = defineIsland("site-search", SiteSearch, { keys: ["/", "mod+K"] });
