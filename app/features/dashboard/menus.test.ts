import { describe, expect, test } from "vitest";
import { capabilities } from "~/features/members/capabilities";
import {
  hasAccountMenu,
  memberMenu,
  profileMenu,
  quickCreateMenu,
  sidebarMenu,
  type MenuContext,
} from "./menus";
import { dashboardSections, sectionForPath } from "./sections";

const allFeatures = ["lms", "groups", "appointments", "single_session"] as const;
const student: MenuContext = {
  caps: [],
  features: allFeatures,
  isSuperAdmin: false,
  isOwner: false,
};
const instructor: MenuContext = {
  ...student,
  caps: ["edit_posts", "create_courses", "manage_curriculum", "manage_students"],
};
const owner: MenuContext = { ...student, caps: [...capabilities], isOwner: true };
const manager: MenuContext = { ...student, caps: ["manage_options"] };
const superAdmin: MenuContext = { ...student, isSuperAdmin: true };
const hrefs = (items: { href: string }[]) => items.map((entry) => entry.href);

describe("dashboard menus (spec §2)", () => {
  test("D5 the account owner's menu, in order", () => {
    const menu = sidebarMenu(owner);
    expect(menu.kind).toBe("owner");
    expect(hrefs(menu.items)).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/billing",
      "/dashboard/app",
      "/dashboard/setup",
      "/dashboard/addons",
      "/dashboard/reports",
      "/dashboard/tickets",
      "/dashboard/profile",
    ]);
    expect(menu.items.find((entry) => entry.href === "/dashboard/tickets")?.label).toBe(
      "dashboard.menu.support",
    );
  });

  test("D6 the super-admin's menu, shown before any other", () => {
    const menu = sidebarMenu({ ...owner, isSuperAdmin: true });
    expect(menu.kind).toBe("superAdmin");
    expect(hrefs(menu.items)).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/accounts",
      "/dashboard/accounts/owners",
      "/dashboard/pages",
      "/dashboard/posts",
      "/dashboard/docs",
      "/dashboard/tickets",
      "/dashboard/billing/customers",
      "/dashboard/billing/subscriptions",
      "/dashboard/billing/products",
      "/dashboard/billing/orders",
      "/dashboard/maintenance/crons",
    ]);
  });

  test("D7 a student with every feature: the member menu with orders, no teaching, no pages", () => {
    expect(hrefs(sidebarMenu(student).items)).toEqual([
      "/dashboard",
      "/dashboard/activity",
      "/dashboard/meetings",
      "/dashboard/messages",
      "/dashboard/courses",
      "/dashboard/groups",
      "/dashboard/leaderboard",
      "/dashboard/bookings",
      "/dashboard/appointments",
      "/dashboard/orders",
    ]);
  });

  test("D7 with lms, groups and appointments off only the four basic items and orders stay", () => {
    expect(hrefs(memberMenu({ ...student, features: [] }))).toEqual([
      "/dashboard",
      "/dashboard/activity",
      "/dashboard/meetings",
      "/dashboard/messages",
      "/dashboard/orders",
    ]);
    expect(hrefs(memberMenu({ ...instructor, features: ["groups"] }))).not.toContain(
      "/dashboard/instructor",
    );
  });

  test("D7 the instructor item needs lms and create_courses or manage_options", () => {
    expect(hrefs(memberMenu(instructor))).toContain("/dashboard/instructor");
    expect(hrefs(memberMenu({ ...student, caps: ["edit_posts"] }))).not.toContain(
      "/dashboard/instructor",
    );
    const managing = hrefs(memberMenu(manager));
    expect(managing).toContain("/dashboard/instructor");
    // Pages and posts for manage_options, instead of orders.
    expect(managing.slice(-2)).toEqual(["/dashboard/pages", "/dashboard/posts"]);
    expect(managing).not.toContain("/dashboard/orders");
  });

  test("D8 a stored list of enabled ids filters and orders the member menu, and grants nothing", () => {
    const custom = memberMenu(student, ["messages", "dashboard", "pages", "courses", "nonsense"]);
    expect(hrefs(custom)).toEqual(["/dashboard/messages", "/dashboard", "/dashboard/courses"]);
    expect(hrefs(sidebarMenu(student, ["orders"]).items)).toEqual(["/dashboard/orders"]);
  });

  test("D9 the profile menu's management links", () => {
    expect(hrefs(profileMenu)).toEqual([
      "/dashboard/manage/site",
      "/dashboard/manage/users",
      "/dashboard/manage/media",
      "/dashboard/manage/ecommerce",
      "/dashboard/manage/elearning",
      "/dashboard/manage/appointments",
      "/dashboard/manage/marketing",
      "/dashboard/manage",
    ]);
  });

  test("D10 quick-create: the full list for manage_options, course and quiz for edit_posts, else none", () => {
    expect(hrefs(quickCreateMenu(manager))).toEqual([
      "/dashboard/pages/new",
      "/dashboard/post/",
      "/dashboard/instructor/new",
      "/dashboard/instructor/quizzes",
      "/dashboard/media",
      // Issue 16: new product and new membership open their editors.
      "/dashboard/manage/ecommerce/product/new",
      "/dashboard/manage/ecommerce/memberships?new=1",
      "/dashboard/manage/marketing/forms",
      "/dashboard/manage/marketing/popups",
      "/dashboard/manage/marketing/affiliates",
      "/dashboard/manage/marketing/emails",
      "/dashboard/manage/marketing/emails",
      "/dashboard/manage/marketing/",
      "/dashboard/manage/marketing/funnels",
      "/dashboard/manage/marketing/automations",
    ]);
    expect(quickCreateMenu({ ...student, caps: ["edit_posts"] }).map((entry) => entry.id)).toEqual([
      "course",
      "quiz",
    ]);
    expect(quickCreateMenu(student)).toEqual([]);
  });

  test("D1 the account menu is for manage_options or edit_posts holders only", () => {
    expect(hasAccountMenu(manager)).toBe(true);
    expect(hasAccountMenu({ ...student, caps: ["edit_posts"] })).toBe(true);
    expect(hasAccountMenu({ ...student, caps: ["manage_stats"] })).toBe(false);
  });

  test("D5–D10 every menu target is a dashboard screen whose check lets that menu's viewer in", () => {
    const reachable = (context: MenuContext, items: { href: string }[]) =>
      items.every((entry) => {
        const path = entry.href.replace(/\/+$/, "");
        if (["/dashboard", "/dashboard/profile"].includes(path)) return true;
        return sectionForPath(entry.href)?.access(context) === true;
      });
    expect(reachable(owner, sidebarMenu(owner).items)).toBe(true);
    expect(reachable(superAdmin, sidebarMenu(superAdmin).items)).toBe(true);
    expect(reachable(student, sidebarMenu(student).items)).toBe(true);
    expect(reachable(instructor, sidebarMenu(instructor).items)).toBe(true);
    expect(reachable(manager, profileMenu)).toBe(true);
    expect(reachable(manager, quickCreateMenu(manager))).toBe(true);
    expect(reachable(instructor, quickCreateMenu(instructor))).toBe(true);
    // …and the checks refuse people the menus leave out.
    expect(sectionForPath("/dashboard/manage/site")?.access(instructor)).toBe(false);
    expect(sectionForPath("/dashboard/billing/orders")?.access(owner)).toBe(false);
    expect(sectionForPath("/dashboard/courses")?.access({ ...student, features: [] })).toBe(false);
    expect(new Set(dashboardSections.map((entry) => entry.path)).size).toBe(
      dashboardSections.length,
    );
  });
});
