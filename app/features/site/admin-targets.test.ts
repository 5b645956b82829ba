import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { sectionForPath, type MenuContext } from "~/features/dashboard/dashboard";
import routes from "~/routes";
import { adminTargets, editTargetFor } from "./admin-targets";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const routeTree = routes as RouteEntry[];

/** The route module React Router picks for a path (the catch-all answers 404). */
function moduleFor(pathname: string): string | undefined {
  const matches = matchRoutes(routeTree as unknown as RouteObject[], pathname);
  return (matches?.at(-1)?.route as RouteEntry | undefined)?.file;
}

/** One path for every public route, parameters filled in, and the spec's own examples. */
function publicPaths(entries: RouteEntry[], above = ""): string[] {
  return entries.flatMap((entry) => {
    if (entry.file.startsWith("routes/dashboard/")) return [];
    const path = [above, entry.path].filter(Boolean).join("/");
    if (entry.children) return publicPaths(entry.children, path);
    if (!entry.file.endsWith(".tsx")) return [];
    return [`/${path.replace(/:\w+/g, "sample").replace("*", "some/deep/path")}`];
  });
}
const samples = [
  ...new Set([...publicPaths(routeTree), "/about", "/course/category/robotics", "/members/ada"]),
];

// The bar is rendered for manage_options holders only (features/site/components/admin-bar.tsx).
const manager: MenuContext = {
  caps: ["manage_options"],
  features: [],
  isSuperAdmin: false,
  isOwner: false,
};

describe("admin bar edit targets", () => {
  test("P17 the paths checked are the public routes, a page, a post, a course, a doc among them", () => {
    expect(samples).toEqual(
      expect.arrayContaining(["/", "/blog/sample", "/course/sample", "/docs/sample", "/sample"]),
    );
  });

  test.each(samples)("P17 edit page for %s opens a dashboard screen a manager may open", (path) => {
    const target = editTargetFor(path);
    expect(moduleFor(target), target).toMatch(/^routes\/dashboard\//);
    // An item's editor (`/dashboard/posts/{slug}`) opens by its list's rule.
    const section = sectionForPath(target) ?? sectionForPath(target.replace(/\/[^/]+$/, ""));
    expect(section?.access(manager), target).toBe(true);
  });

  test.each(Object.entries(adminTargets))("P17 the %s link opens its editor", (_, target) => {
    expect(moduleFor(target), target).toMatch(/^routes\/dashboard\/site-/);
    expect(sectionForPath(target)?.access(manager), target).toBe(true);
  });

  test.each([
    ["/about", "/dashboard/pages/about"],
    ["/", "/dashboard/pages"],
    ["/docs", "/dashboard/pages?kind=doc"],
    ["/docs/getting-started", "/dashboard/pages/getting-started"],
    ["/blog", "/dashboard/posts/"],
    ["/blog/first-post", "/dashboard/posts/first-post"],
    ["/course", "/dashboard/course/"],
    ["/course/intro-to-robots", "/dashboard/course/"],
    ["/course/category/robotics", "/dashboard/manage/elearning/caetgory"],
    ["/members/ada", "/dashboard/manage/user"],
  ])("P17 M3 edit page for %s goes to its editor or the list it belongs to, %s", (path, target) => {
    expect(editTargetFor(path)).toBe(target);
  });
});
