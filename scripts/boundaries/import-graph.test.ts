import { describe, expect, test } from "vitest";
import { checkBoundaries } from "./import-graph";

const tree = (files: Record<string, string>) => new Map(Object.entries(files));
const kinds = (files: Record<string, string>) =>
  checkBoundaries(tree({ "app/routes.ts": "", ...files })).map((violation) => violation.kind);

describe("I13 the boundary check fails on a planted violation of each kind", () => {
  const clean = {
    "app/features/menus/menus.ts": 'export * from "./menu-option";',
    "app/features/menus/menu-option.ts": "export const menusOption = 1;",
    "app/features/menus/menus.server.ts": 'import { x } from "~/features/options/options.server";',
    "app/features/options/options.server.ts": "export const x = 1;",
    "app/features/header/header.ts": 'import { menusOption } from "~/features/menus/menus";',
  };

  test("a clean tree passes", () => {
    expect(kinds(clean)).toEqual([]);
  });

  test("another feature's internal file, by alias or by relative path", () => {
    expect(
      kinds({
        ...clean,
        "app/features/header/a.ts": 'import { m } from "~/features/menus/menu-option";',
      }),
    ).toEqual(["feature-door"]);
    expect(
      kinds({ ...clean, "app/features/header/b.ts": 'import { m } from "../menus/menu-option";' }),
    ).toEqual(["feature-door"]);
    expect(
      kinds({ ...clean, "app/routes/x.tsx": 'export { m } from "../features/menus/menu-option";' }),
    ).toContain("feature-door");
  });

  test("two folders importing each other", () => {
    expect(
      kinds({
        ...clean,
        "app/features/menus/c.ts": 'import { h } from "~/features/header/header";',
      }),
    ).toEqual(["folder-cycle"]);
  });

  test("tables files may name each other's tables, and nothing else of another feature", () => {
    const schema = {
      ...clean,
      "app/features/auth/tables.server.ts": "export const users = 1;",
      "app/features/auth/auth.server.ts": 'import { m } from "~/features/members/members.server";',
      "app/features/members/members.server.ts": "export const m = 1;",
      "app/features/members/tables.server.ts":
        'import { users } from "~/features/auth/tables.server";',
    };
    expect(kinds(schema)).toEqual([]);
    expect(
      kinds({
        ...schema,
        "app/features/members/tables.server.ts": 'import { a } from "~/features/auth/auth.server";',
      }),
    ).toEqual(["layer", "folder-cycle"]);
  });

  test("test code reached from production code, directly or through a script", () => {
    expect(
      kinds({
        ...clean,
        "server/boot.ts": 'import { seed } from "../scripts/seed.ts";',
        "scripts/seed.ts": 'import { f } from "../tests/factories/index.ts";',
        "tests/factories/index.ts": "export const f = 1;",
      }),
    ).toEqual(["test-code"]);
    // Loaded by a path kept in a variable, the seed is not part of the server's imports.
    expect(
      kinds({
        ...clean,
        "server/boot.ts": 'const file = "../scripts/seed.ts"; await import(file);',
        "scripts/seed.ts": 'import { f } from "../tests/factories/index.ts";',
        "tests/factories/index.ts": "export const f = 1;",
      }),
    ).toEqual([]);
  });

  test("platform importing a feature, and a file in routes/ that is not a route module", () => {
    expect(
      kinds({ ...clean, "app/platform/p.ts": 'import { m } from "~/features/menus/menus";' }),
    ).toEqual(["layer"]);
    expect(kinds({ ...clean, "app/routes/helper.ts": "export const h = 1;" })).toEqual([
      "route-module",
    ]);
  });
});
