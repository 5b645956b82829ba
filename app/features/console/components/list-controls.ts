import { listControls } from "~/ui/list-controls";

/** The console's lists: a search or a page turn closes the open site's drawer. */
export const { SearchBox, Pager } = listControls({
  closes: "account",
  searchWidth: 420,
  searchTestId: (name) => `console-search-${name}`,
  totalTestId: "console-total",
  pagesKey: "console.pages",
});
