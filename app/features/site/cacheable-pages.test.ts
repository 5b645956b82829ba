import { describe, expect, test } from "vitest";
import { cacheGroupOf, pageCacheKey } from "./cacheable-pages";

const key = (path: string) => pageCacheKey(new URL(`http://demo.localhost:3000${path}`));

describe("cacheable pages", () => {
  test.each([
    "/",
    "/blog",
    "/blog/a-post",
    "/blog/category/news",
    "/blog/tag/how-to",
    "/course",
    "/course/intro",
    "/about",
    "/login",
    "/signup",
    "/thankyou",
    "/subscribed",
    "/sitemap.xml",
    "/sitemap-pages.xml",
    "/sitemap-posts-12.xml",
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
    "/blog/author/x",
    "/blog/category/news/more",
    "/blog/tag/x?q=1",
    "/login?redirectedFrom=%2Fdashboard",
    "/blog?page=2&page=3",
    "/blog?page=abc",
    "/?q=1",
    "/sitemap.xml?x=1",
    "/sitemap-posts-1.xml?page=2",
    "/blog/sitemap.xml",
  ])("P18 %s always renders", (path) => {
    expect(key(path)).toBeNull();
  });

  test("P18 blog pages keep their page number; campaign parameters are ignored", () => {
    expect(key("/blog?page=2")).toBe("demo.localhost:3000/blog?page=2");
    expect(key("/?utm_source=a&utm_medium=b&utm_campaign=c")).toBe("demo.localhost:3000/");
    expect(key("/blog/category/news?page=3")).toBe("demo.localhost:3000/blog/category/news?page=3");
    expect(key("/course/intro?page=2")).toBeNull();
  });

  test("I12 every sitemap file drops with /sitemap.xml; other paths drop alone", () => {
    expect(cacheGroupOf("/sitemap-posts-3.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/sitemap-docs.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/sitemap.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/blog")).toBe("/blog");
    expect(cacheGroupOf("/sitemap-notes")).toBe("/sitemap-notes");
  });
});
