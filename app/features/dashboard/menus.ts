import type { AccountAddon, AccountFeature } from "~/features/accounts/accounts";
import type { Capability } from "~/features/members/members";

/**
 * The dashboard's menus (spec §2, checklist D5–D10). Client-safe and pure: the sidebar, the
 * quick-create menu and the account menu render these lists, and the server's checks of each
 * screen (sections.ts) grant exactly what the menus show.
 */

/** What a menu is built from: the viewer's rights on this account and the account's features. */
export type MenuContext = {
  caps: readonly Capability[];
  features: readonly AccountFeature[];
  /** The add-ons the account has (plans accountAddons); absent counts as none. */
  addons?: readonly AccountAddon[];
  isSuperAdmin: boolean;
  /** Holds the account's site_owner role. */
  isOwner: boolean;
  /** The site's affiliate programme is switched on (absent counts as off). */
  affiliateProgramme?: boolean;
};

export type MenuItem = {
  /** Stable id: the customised member menu stores these (D8). */
  id: string;
  href: string;
  /** i18n key of the label. */
  label: string;
};

const item = (id: string, href: string, label = `dashboard.menu.${id}`): MenuItem => ({
  id,
  href,
  label,
});

/** D5: the account owner's menu, in the spec's order. */
export const ownerMenu: MenuItem[] = [
  item("dashboard", "/dashboard"),
  item("notifications", "/dashboard/notifications"),
  item("billing", "/dashboard/billing"),
  item("app", "/dashboard/app"),
  item("setup", "/dashboard/setup"),
  item("addons", "/dashboard/addons"),
  item("reports", "/dashboard/reports"),
  item("support", "/dashboard/tickets"),
  item("editProfile", "/dashboard/profile"),
];

/** D6: the super-admin's platform console. */
export const superAdminMenu: MenuItem[] = [
  item("dashboard", "/dashboard"),
  item("notifications", "/dashboard/notifications"),
  item("accounts", "/dashboard/accounts"),
  item("owners", "/dashboard/accounts/owners"),
  item("pages", "/dashboard/pages"),
  item("posts", "/dashboard/posts"),
  item("docs", "/dashboard/docs"),
  item("tickets", "/dashboard/tickets"),
  item("customers", "/dashboard/billing/customers"),
  item("subscriptions", "/dashboard/billing/subscriptions"),
  item("products", "/dashboard/billing/products"),
  item("orders", "/dashboard/billing/orders"),
  item("crons", "/dashboard/maintenance/crons"),
];

const can = (context: MenuContext, cap: Capability) => context.caps.includes(cap);
const has = (context: MenuContext, feature: AccountFeature) => context.features.includes(feature);

/** Every member-menu item with the rule that shows it (D7). */
const memberItems: { item: MenuItem; shown: (context: MenuContext) => boolean }[] = [
  { item: item("dashboard", "/dashboard"), shown: () => true },
  { item: item("activity", "/dashboard/activity"), shown: () => true },
  { item: item("meetings", "/dashboard/meetings"), shown: () => true },
  { item: item("messages", "/dashboard/messages"), shown: () => true },
  { item: item("courses", "/dashboard/courses"), shown: (c) => has(c, "lms") },
  { item: item("groups", "/dashboard/groups"), shown: (c) => has(c, "groups") },
  {
    item: item("leaderboard", "/dashboard/leaderboard"),
    shown: (c) => has(c, "groups") || has(c, "lms"),
  },
  { item: item("bookings", "/dashboard/bookings"), shown: (c) => has(c, "appointments") },
  { item: item("appointments", "/dashboard/appointments"), shown: (c) => has(c, "appointments") },
  {
    item: item("instructor", "/dashboard/instructor"),
    shown: (c) => has(c, "lms") && (can(c, "create_courses") || can(c, "manage_options")),
  },
  { item: item("pages", "/dashboard/pages"), shown: (c) => can(c, "manage_options") },
  { item: item("posts", "/dashboard/posts"), shown: (c) => can(c, "manage_options") },
  { item: item("orders", "/dashboard/orders"), shown: (c) => !can(c, "manage_options") },
  // M5: a member's own affiliate link and earnings, while the site runs a programme.
  { item: item("affiliate", "/dashboard/affiliate"), shown: (c) => c.affiliateProgramme === true },
];

/** Ids a customised member menu may name, in the default order. */
export const memberMenuIds = memberItems.map((entry) => entry.item.id);

/**
 * D7 the member menu; D8 with a stored list of enabled ids it keeps only those, in that order.
 * A stored id the viewer may not see stays hidden: customising never grants anything.
 */
export function memberMenu(context: MenuContext, enabled?: readonly string[] | null): MenuItem[] {
  const visible = memberItems.filter((entry) => entry.shown(context)).map((entry) => entry.item);
  if (!enabled) return visible;
  const byId = new Map(visible.map((entry) => [entry.id, entry]));
  return enabled.flatMap((id) => byId.get(id) ?? []);
}

/** The sidebar: the platform console for super-admins, the owner's menu, else the member's. */
export function sidebarMenu(
  context: MenuContext,
  enabledMemberItems?: readonly string[] | null,
): { kind: "superAdmin" | "owner" | "member"; items: MenuItem[] } {
  if (context.isSuperAdmin) return { kind: "superAdmin", items: superAdminMenu };
  if (context.isOwner) return { kind: "owner", items: ownerMenu };
  return { kind: "member", items: memberMenu(context, enabledMemberItems) };
}

/** D9: the account menu's management links, for manage_options holders. */
export const profileMenu: MenuItem[] = [
  item("manageSite", "/dashboard/manage/site"),
  item("manageUsers", "/dashboard/manage/users"),
  item("manageMedia", "/dashboard/manage/media"),
  item("manageEcommerce", "/dashboard/manage/ecommerce"),
  item("manageElearning", "/dashboard/manage/elearning"),
  item("manageAppointments", "/dashboard/manage/appointments"),
  item("manageMarketing", "/dashboard/manage/marketing"),
  item("manage", "/dashboard/manage"),
];

const create = (id: string, href: string) => item(id, href, `dashboard.create.${id}`);

/** D10: quick-create links exactly as spec §2 lists them. */
export const quickCreateLinks: MenuItem[] = [
  create("page", "/dashboard/pages/new"),
  create("post", "/dashboard/post/"),
  create("course", "/dashboard/instructor/new"),
  create("quiz", "/dashboard/instructor/quizzes"),
  create("attachment", "/dashboard/media"),
  create("product", "/dashboard/manage/ecommerce/product/new"),
  create("membership", "/dashboard/manage/ecommerce/memberships?new=1"),
  create("form", "/dashboard/manage/marketing/forms"),
  create("popup", "/dashboard/manage/marketing/popups"),
  create("affiliate", "/dashboard/manage/marketing/affiliates"),
  create("campaign", "/dashboard/manage/marketing/emails"),
  create("contact", "/dashboard/manage/marketing/emails"),
  create("notice", "/dashboard/manage/marketing/"),
  create("funnel", "/dashboard/manage/marketing/funnels"),
  create("automation", "/dashboard/manage/marketing/automations"),
];

/** D10: the full list for manage_options, new course and new quiz for edit_posts, else nothing. */
export function quickCreateMenu(context: MenuContext): MenuItem[] {
  if (can(context, "manage_options")) return quickCreateLinks;
  if (can(context, "edit_posts"))
    return quickCreateLinks.filter((link) => link.id === "course" || link.id === "quiz");
  return [];
}

/** D1: the top bar's account menu exists for manage_options or edit_posts holders only. */
export function hasAccountMenu(context: MenuContext): boolean {
  return can(context, "manage_options") || can(context, "edit_posts");
}
