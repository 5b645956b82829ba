import { describe, expect, test } from "vitest";
import { ownerScriptsAllowed } from "./owner-scripts";

describe("P13 custom scripts block", () => {
  test.each([
    "/",
    "/blog",
    "/blog/a-post",
    "/course/x",
    "/about",
    "/logins-explained",
    "/thankyou",
  ])("P13 owner scripts run on the public page %s", (path) =>
    expect(ownerScriptsAllowed(path)).toBe(true),
  );

  test.each([
    "/dashboard",
    "/dashboard/profile",
    "/checkout",
    "/course/x/checkout",
    "/CHECKOUT",
    "/login",
    "/login/reset-password",
    "/signup",
  ])("P13 owner scripts never run on %s", (path) => expect(ownerScriptsAllowed(path)).toBe(false));
});
