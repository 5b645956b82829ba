import { listControls } from "~/ui/list-controls";

/** The shop's lists: a search or a page turn closes the open order's drawer. */
export const { SearchBox, Pager } = listControls({
  closes: "order",
  searchWidth: 360,
  totalTestId: "list-total",
  pagesKey: "ordersDashboard.shop.pages",
});
