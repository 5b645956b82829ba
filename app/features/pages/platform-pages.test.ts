import { describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import type { Viewer } from "~/features/members/members.server";
import { answerInPlace, checkPlaceKind, editorPlaceOf } from "./editor-place.server";
import { scopeKind } from "./editor-scope";

const viewerOf = (id: string, { caps = [] as string[], superAdmin = false } = {}): Viewer =>
  ({
    user: { id, name: id, email: `${id}@example.test`, image: null },
    membership: caps.length ? { role: "site_owner", caps } : null,
    isSuperAdmin: superAdmin,
  }) as unknown as Viewer;

const root = viewerOf("root", { superAdmin: true });
// A manager by capabilities (the editors' own check lets them in), not a super-admin.
const manager = viewerOf("manager", { caps: ["manage_options", "edit_posts"] });
const platform = { accountId: PLATFORM_ACCOUNT_ID };

/*
 * Issue 17 (decision 029): where the dashboard runs as the platform account (the base
 * domain's), /dashboard/pages edits the platform's plain pages; its docs stay at /dashboard/docs.
 */
describe("I17 the platform's plain pages in the pages editor", () => {
  test("I17 /dashboard/pages on the platform account is the platformPages scope, for super-admins only", () => {
    for (const pathname of ["/dashboard/pages", "/dashboard/pages/new", "/dashboard/pages.data"])
      expect(editorPlaceOf({ account: platform, viewer: root, pathname })).toEqual({
        scope: "platformPages",
        accountId: PLATFORM_ACCOUNT_ID,
        screenPath: "/dashboard/pages",
      });
    expect(editorPlaceOf({ account: platform, viewer: root, pathname: "/dashboard/docs" })).toEqual(
      { scope: "platform", accountId: PLATFORM_ACCOUNT_ID, screenPath: "/dashboard/docs" },
    );
    expect(() =>
      editorPlaceOf({ account: platform, viewer: manager, pathname: "/dashboard/pages" }),
    ).toThrow(expect.objectContaining({ code: "auth.forbidden" }));
  });

  test("I17 the platformPages scope holds plain pages only and keeps its own addresses", () => {
    const place = {
      scope: "platformPages" as const,
      accountId: PLATFORM_ACCOUNT_ID,
      screenPath: "/dashboard/pages",
    };
    expect(scopeKind("platformPages")).toBe("page");
    expect(scopeKind("platform")).toBe("doc");
    expect(scopeKind("site")).toBeNull();
    expect(() => checkPlaceKind(place, { page: { kind: "doc" } })).toThrow(
      expect.objectContaining({ code: "request.invalid" }),
    );
    expect(() => checkPlaceKind(place, { page: { kind: "page" } })).not.toThrow();
    const answer = {
      ok: true,
      id: "x",
      version: 1,
      status: "draft",
      slug: "x",
      publishedAt: null,
      goTo: "/dashboard/pages/abc",
    } as const;
    expect(answerInPlace(place, answer)).toEqual(answer);
  });
});
