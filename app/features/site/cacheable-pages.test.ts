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
    const inLanguages = path === "/blog/a-post" || path === "/about";
    expect(key(path)).toBe(`http://demo.localhost:3000${path}${inLanguages ? "#-" : ""}`);
  });

  test("I37 a page asked over https:// is kept apart from the same page over http:// (its links differ)", () => {
    expect(pageCacheKey(new URL("https://demo.example.com/blog"))).toBe(
      "https://demo.example.com/blog",
    );
    expect(pageCacheKey(new URL("http://demo.example.com/blog"))).toBe(
      "http://demo.example.com/blog",
    );
  });

  test("M2 a post or page is kept once per visitor language and per ?lang=", () => {
    const at = (path: string, acceptLanguage: string | null) =>
      pageCacheKey(new URL(`http://demo.localhost:3000${path}`), acceptLanguage);
    expect(at("/blog/a-post", "es-MX,es;q=0.9,en;q=0.5")).toBe(
      "http://demo.localhost:3000/blog/a-post#es",
    );
    expect(at("/about", "xx, fr;q=0.2")).toBe("http://demo.localhost:3000/about#fr");
    expect(at("/about", "xx")).toBe("http://demo.localhost:3000/about#-");
    expect(at("/blog/a-post?lang=es", "fr")).toBe("http://demo.localhost:3000/blog/a-post?lang=es");
    expect(at("/blog/a-post?lang=xx", "fr")).toBeNull();
    expect(at("/blog/a-post?lang=es&lang=fr", null)).toBeNull();
    // The blog's list and the screens are one page whatever the language.
    expect(at("/blog", "es")).toBe("http://demo.localhost:3000/blog");
    expect(at("/login", "es")).toBe("http://demo.localhost:3000/login");
    expect(at("/blog?lang=es", null)).toBeNull();
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
    expect(key("/blog?page=2")).toBe("http://demo.localhost:3000/blog?page=2");
    expect(key("/?utm_source=a&utm_medium=b&utm_campaign=c")).toBe("http://demo.localhost:3000/");
    expect(key("/blog/category/news?page=3")).toBe(
      "http://demo.localhost:3000/blog/category/news?page=3",
    );
    expect(key("/course/intro?page=2")).toBeNull();
  });

  test("M1 the course catalogue keeps its category filter in the key; only on /course, only a slug", () => {
    expect(key("/course?category=design")).toBe(
      "http://demo.localhost:3000/course?category=design",
    );
    expect(key("/course?category=Design%20X")).toBeNull();
    expect(key("/course?category=a&category=b")).toBeNull();
    expect(key("/course/intro?category=design")).toBeNull();
    expect(key("/blog?category=design")).toBeNull();
  });

  test("I12 every sitemap file drops with /sitemap.xml; other paths drop alone", () => {
    expect(cacheGroupOf("/sitemap-posts-3.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/sitemap-docs.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/sitemap.xml")).toBe("/sitemap.xml");
    expect(cacheGroupOf("/blog")).toBe("/blog");
    expect(cacheGroupOf("/sitemap-notes")).toBe("/sitemap-notes");
  });
});
