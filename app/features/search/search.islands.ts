// The search's island (decision 048): the header's magnifier and its modal.
import { defineIsland } from "~/platform/islands/island";
import { SiteSearch } from "./components/site-search";

export const SiteSearchIsland = defineIsland("site-search", SiteSearch);
