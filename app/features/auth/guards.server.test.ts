import { expect, test } from "vitest";
import { safeRedirect } from "./guards.server";

test("A11 a redirect after sign-in stays on the site, however it is spelled", () => {
  for (const target of [
    "/\t/acme.localhost/",
    "//acme.localhost/",
    "/\\acme.localhost",
    "/\\/acme.localhost",
    "/\n/acme.localhost",
    "https://acme.localhost/",
    "javascript:alert(1)",
    "",
    null,
  ])
    expect(safeRedirect(target), JSON.stringify(target)).toBe("/dashboard/profile");
  // "/%09/x" is a path segment "%09" on this site: kept, still a path.
  expect(safeRedirect("/%09/acme.localhost/").startsWith("//")).toBe(false);
  expect(safeRedirect("/dashboard/courses?tab=mine#top")).toBe("/dashboard/courses?tab=mine#top");
  expect(safeRedirect("/blog/caf%C3%A9")).toBe("/blog/caf%C3%A9");
});
