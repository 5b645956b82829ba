// The addresses a site page may not take are exactly the first segments the site's screens and
// the server answer: read from the route map and the server's mounts, so a new screen that
// forgets the list fails here instead of shadowing (or being shadowed by) a page.
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { isReservedPageSlug, SITE_ADDRESSES } from "./site-addresses";

const firstSegments = (source: string, pattern: RegExp) =>
  [...source.matchAll(pattern)]
    .map((match) => match[1]!.split("/")[0]!)
    .filter((segment) => segment && !segment.startsWith(":") && segment !== "*");

describe("site addresses", () => {
  test("I36 every top-level address of the route map and the server is kept from pages", () => {
    const routes = firstSegments(fs.readFileSync("app/routes.ts", "utf8"), /route\(\s*"([^"]+)"/g);
    const server = firstSegments(
      fs.readFileSync("server/app.ts", "utf8"),
      /app\.(?:route|get|post|all|use)\(\s*"\/([^"]+)"/g,
    );
    expect(routes).toContain("book");
    expect(server).toContain("api");
    const missing = [...new Set([...routes, ...server])].filter((one) => !SITE_ADDRESSES.has(one));
    expect(missing).toEqual([]);
  });

  test("I36 only site pages are kept from them (docs and funnel steps live under their own)", () => {
    expect(isReservedPageSlug("page", "book")).toBe(true);
    expect(isReservedPageSlug("page", "about")).toBe(false);
    expect(isReservedPageSlug("doc", "book")).toBe(false);
  });
});
