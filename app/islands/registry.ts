import type { IslandDefinition } from "~/platform/islands/island";

type Loader = () => Promise<IslandDefinition>;

/**
 * Every island by name, loaded when the page needs it (islands.client.ts). To add one: wrap the
 * component with `defineIsland(name, Component)` in its feature's `<noun>.islands.ts`, render
 * the wrapper where the component was, and add its loader here (registry.test.ts checks that
 * each name loads the island of that name).
 */
export const islandLoaders: Record<string, Loader> = {
  "site-menu": () => import("~/features/menus/menus.islands").then((m) => m.SiteMenuIsland.island),
  "mobile-nav": () =>
    import("~/features/header/header.islands").then((m) => m.SiteMobileNavIsland.island),
  "theme-toggle": () =>
    import("~/features/header/header.islands").then((m) => m.ThemeToggleIsland.island),
  "site-search": () =>
    import("~/features/search/search.islands").then((m) => m.SiteSearchIsland.island),
  cart: () => import("~/features/cart/cart.islands").then((m) => m.CartIsland.island),
  "user-area": () => import("~/features/auth/auth.islands").then((m) => m.UserAreaIsland.island),
  "session-keeper": () =>
    import("~/features/auth/auth.islands").then((m) => m.SessionKeeperIsland.island),
  "admin-bar": () => import("~/features/site/site.islands").then((m) => m.AdminBarIsland.island),
  "post-comments": () =>
    import("~/features/comments/comments.islands").then((m) => m.PostCommentsIsland.island),
  "product-offer": () =>
    import("~/features/products/products.islands").then((m) => m.ProductOfferIsland.island),
  "add-to-cart": () => import("~/features/cart/cart.islands").then((m) => m.AddToCartIsland.island),
  "enrol-action": () =>
    import("~/features/learning/learning.islands").then((m) => m.EnrolActionIsland.island),
  popups: () => import("~/features/popups/popups.islands").then((m) => m.PopupsIsland.island),
  "funnel-offer": () =>
    import("~/features/funnels/funnels.islands").then((m) => m.FunnelOfferIsland.island),
  "order-thanks": () =>
    import("~/features/orders/orders.islands").then((m) => m.OrderThanksIsland.island),
  "booking-panel": () =>
    import("~/features/appointments/appointments.islands").then((m) => m.BookingPanelIsland.island),
};
