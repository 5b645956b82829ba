import { describe, expect, test } from "vitest";
import { pageCacheKey } from "./cacheable-pages";

const key = (path: string) => pageCacheKey(new URL(`http://demo.localhost:3000${path}`));

describe("cacheable pages", () => {
  test.each([
    "/",
    "/blog",
    "/blog/a-post",
    "/course",
    "/course/intro",
    "/about",
    "/login",
    "/signup",
    "/thankyou",
    "/subscribed",
  ])("P18 %s is served from the cache", (path) => {
    expect(key(path)).toBe(`demo.localhost:3000${path}`);
  });

  test.each([
    "/checkout",
    "/dashboard",
    "/dashboard/profile",
    "/docs",
    "/api/health",
    "/robots.txt",
    "/blog/a/b",
    "/login?redirectedFrom=%2Fdashboard",
    "/blog?page=2&page=3",
    "/blog?page=abc",
    "/?q=1",
  ])("P18 %s always renders", (path) => {
    expect(key(path)).toBeNull();
  });

  test("P18 blog pages keep their page number; campaign parameters are ignored", () => {
    expect(key("/blog?page=2")).toBe("demo.localhost:3000/blog?page=2");
    expect(key("/?utm_source=a&utm_medium=b&utm_campaign=c")).toBe("demo.localhost:3000/");
  });
});
