import type { MenuContext } from "./menus";

/**
 * Every dashboard screen a menu, the quick-create list or the site's admin bar points to, with
 * who may open it. Screens that later work fills in answer now with an empty state that says
 * what will be there; the same rule guards them on the server before and after.
 */
export type DashboardSection = {
  /** i18n: dashboard.sections.<id>.title / .description */
  id: string;
  /** Under /dashboard/, no slashes at either end. */
  path: string;
  access: (context: MenuContext) => boolean;
  /** Has a route module of its own in routes.ts (it still opens through this rule). */
  screen?: true;
  /** Its items' editors, `{path}/{id or slug}`, open by the same rule. */
  items?: true;
  /**
   * Where it opens: a site's host (absent), the platform's host only (the console), or both.
   * Anywhere else it is not found (decision 037).
   */
  host?: "platform" | "both";
};

const can = (c: MenuContext, cap: MenuContext["caps"][number]) => c.caps.includes(cap);
const member = () => true;
const owner = (c: MenuContext) => c.isOwner || c.isSuperAdmin;
const superAdmin = (c: MenuContext) => c.isSuperAdmin;
const manager = (c: MenuContext) => can(c, "manage_options");
const managerOrSuperAdmin = (c: MenuContext) => manager(c) || c.isSuperAdmin;
/** Posts: managers and super-admins (every post), edit_posts holders (their own). */
const postWriter = (c: MenuContext) => managerOrSuperAdmin(c) || can(c, "edit_posts");
const teacher = (c: MenuContext) =>
  can(c, "manage_options") || can(c, "create_courses") || can(c, "edit_posts");
/** Grading essays and file answers: managers, and instructors holding manage_submissions. */
const grader = (c: MenuContext) => can(c, "manage_options") || can(c, "manage_submissions");
/** Media: whoever makes content (the server's rule: features/media canUploadMedia). */
const uploader = teacher;
const withFeature = (feature: MenuContext["features"][number]) => (c: MenuContext) =>
  c.features.includes(feature);
/** An add-on the account has (its plan gives it and the owner has not switched it off). */
const withAddon = (addon: NonNullable<MenuContext["addons"]>[number]) => (c: MenuContext) =>
  c.addons?.includes(addon) ?? false;

const section = (id: string, path: string, access: DashboardSection["access"]) => ({
  id,
  path,
  access,
});
const screen = (id: string, path: string, access: DashboardSection["access"]) => ({
  ...section(id, path, access),
  screen: true as const,
});
/** A screen of the platform's console: its host only (decision 037). */
const consoleScreen = (id: string, path: string) => ({
  ...screen(id, path, superAdmin),
  host: "platform" as const,
});

export const dashboardSections: DashboardSection[] = [
  // Everyone's
  { ...screen("notifications", "notifications", member), host: "both" as const },
  screen("activity", "activity", member),
  // Issue 36 (decision 077): the rooms the viewer may enter; hosts open one; managers set the server.
  screen("meetings", "meetings", member),
  screen("messages", "messages", member),
  screen("orders", "orders", member),
  // M5: a member's affiliate link, figures and payouts (the menu shows it while the programme is on).
  screen("affiliate", "affiliate", member),
  screen("courses", "courses", withFeature("lms")),
  screen(
    "certificates",
    "certificates",
    (c) => withFeature("lms")(c) && withAddon("certificates")(c),
  ),
  // Issue 35: the groups a member may see; a group's page at groups/{slug}.
  { ...screen("groups", "groups", withFeature("groups")), items: true as const },
  // Issue 35: points from courses, quizzes and groups, ranked (decision 066).
  screen("leaderboard", "leaderboard", (c) => withFeature("groups")(c) || withFeature("lms")(c)),
  // Issue 35: a member's profile, `members/{slug}` (decision 070).
  { ...screen("memberProfile", "members", member), items: true as const },
  // Issue 36 (decision 076): a member's bookings; the calendar of their sessions (a host's:
  // the sessions they hold, with their hours and types).
  screen("bookings", "bookings", withFeature("appointments")),
  screen("appointments", "appointments", withFeature("appointments")),
  // Teaching
  screen("instructor", "instructor", (c) => withFeature("lms")(c) && teacher(c)),
  screen("newCourse", "instructor/new", teacher),
  {
    ...screen("quizzes", "instructor/quizzes", (c) => withFeature("lms")(c) && teacher(c)),
    items: true as const,
  },
  screen("grading", "instructor/grading", (c) => withFeature("lms")(c) && grader(c)),
  // A quiz taken on its own page (features/quizzes QuizTaker): /dashboard/quiz/{id}.
  { ...section("takeQuiz", "quiz", withFeature("lms")), items: true as const },
  { ...screen("editCourse", "course", teacher), items: true as const },
  // The account owner's
  screen("billing", "billing", owner),
  screen("app", "app", owner),
  screen("setup", "setup", owner),
  screen("addons", "addons", owner),
  // Issue 37: the whole site in one archive (decision 081).
  screen("export", "export", owner),
  screen("reports", "reports", owner),
  // Support: the owner's tickets, or the platform's queue for super-admins; a thread at tickets/{id}.
  { ...screen("tickets", "tickets", owner), items: true as const, host: "both" as const },
  // Site content (the platform's own for super-admins)
  // On the base domain, the platform's own plain pages (decision 029; editor-place.server.ts).
  { ...screen("pages", "pages", managerOrSuperAdmin), items: true as const, host: "both" as const },
  // On the base domain, the platform's own posts (its /blog; decision 029): the list and editor.
  { ...screen("posts", "posts", postWriter), host: "both" as const },
  { ...screen("newPost", "post", postWriter), host: "both" as const },
  // Everyone who makes content uploads: their own files here, every file under manage/media.
  screen("media", "media", uploader),
  // Managing the site
  section("manage", "manage", manager),
  screen("manageSite", "manage/site", manager),
  screen("manageTheme", "manage/site/theme", manager),
  screen("manageHeader", "manage/site/header", manager),
  screen("manageFooter", "manage/site/footer", manager),
  // Issue 37: signed calls to the owner's services on the site's events (decision 085).
  screen("manageWebhooks", "manage/site/webhooks", manager),
  // Issue 37: the site's API keys (decision 086); a key never does more than its maker may.
  screen("manageApiKeys", "manage/site/api-keys", owner),
  // Issue 35: the site's members, and one member's page (`manage/user?id={userId}`).
  screen("manageUsers", "manage/users", manager),
  screen("manageUser", "manage/user", manager),
  screen("manageMedia", "manage/media", manager),
  screen("manageEcommerce", "manage/ecommerce", manager),
  // A product's editor: /dashboard/manage/ecommerce/product/{id | new}.
  { ...screen("manageProduct", "manage/ecommerce/product", manager), items: true as const },
  screen("manageMemberships", "manage/ecommerce/memberships", manager),
  screen("manageElearning", "manage/elearning", manager),
  screen("manageCategories", "manage/elearning/caetgory", manager),
  screen("manageCertificates", "manage/elearning/certificates", manager),
  // Issue 36: the host's hours, appointment types and a preview of their open times.
  screen(
    "manageAppointments",
    "manage/appointments",
    (c) => manager(c) && c.features.includes("appointments"),
  ),
  screen("manageMarketing", "manage/marketing", manager),
  screen("manageForms", "manage/marketing/forms", manager),
  screen("managePopups", "manage/marketing/popups", manager),
  screen("manageAffiliates", "manage/marketing/affiliates", manager),
  screen("manageEmails", "manage/marketing/emails", manager),
  screen("manageFunnels", "manage/marketing/funnels", manager),
  screen("manageAutomations", "manage/marketing/automations", manager),
  // The platform console, on the platform's host only
  consoleScreen("accounts", "accounts"),
  consoleScreen("owners", "accounts/owners"),
  // The console's audit log: a tab of the accounts screens (the menu stays as spec §2 lists it).
  consoleScreen("audit", "accounts/audit"),
  // The platform's own docs, edited as a site's are (routes/dashboard/pages.tsx and page.tsx).
  { ...consoleScreen("docs", "docs"), items: true as const },
  consoleScreen("customers", "billing/customers"),
  consoleScreen("subscriptions", "billing/subscriptions"),
  consoleScreen("products", "billing/products"),
  consoleScreen("billingOrders", "billing/orders"),
  consoleScreen("crons", "maintenance/crons"),
];

/**
 * Dashboard paths outside the registry that open on the platform's host: the console's home and
 * the super-admin's own profile (password, second factor, sessions) on both, the mail outbox
 * there only. Any other path outside the registry is a site's.
 */
const shellPaths: Record<string, "platform" | "both"> = {
  "": "both",
  profile: "both",
  "maintenance/outbox": "platform",
};

/** Whether a /dashboard path opens on the platform's host (`platform`) or a site's (`site`). */
export function opensOn(pathname: string, host: "platform" | "site"): boolean {
  // A screen's CSV (`billing/orders.csv`) opens where the screen does.
  const section = sectionForPath(pathname.replace(/\.csv$/, ""));
  const where = section
    ? section.host
    : shellPaths[pathname.replace(/^\/dashboard\/?/, "").replace(/\/+$/, "")];
  if (where === "both") return true;
  return host === "platform" ? where === "platform" : where === undefined;
}

/** The section a /dashboard path belongs to (a trailing slash is the same screen). */
export function sectionForPath(pathname: string): DashboardSection | undefined {
  const path = pathname
    .replace(/[?#].*$/, "")
    .replace(/^\/dashboard\/?/, "")
    .replace(/\/+$/, "");
  const parent = path.replace(/\/[^/]+$/, "");
  return (
    dashboardSections.find((entry) => entry.path === path) ??
    dashboardSections.find((entry) => entry.items && entry.path === parent && parent !== path)
  );
}
