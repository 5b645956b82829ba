// I37: a library that keeps state or a schema of its own (an editor's core, React, Mantine)
// ships to the browser once. Two copies of Tiptap's core did: Puck pinned a newer one beside ours,
// doubling its weight and splitting its extension registry (package.json's overrides).
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const lock = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../package-lock.json"), "utf8"),
) as { packages: Record<string, { version?: string; dev?: boolean }> };

/** Every version of each installed package the production build can reach. */
const versions = new Map<string, Set<string>>();
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where || entry.dev || !entry.version) continue;
  const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
  versions.set(name, (versions.get(name) ?? new Set()).add(entry.version));
}

test("I37 one version each of the editor's, React's and Mantine's packages", () => {
  const shared = /^(@tiptap\/|prosemirror-|react$|react-dom$|react-router$|@mantine\/)/;
  const doubled = [...versions]
    .filter(([name, found]) => shared.test(name) && found.size > 1)
    .map(([name, found]) => `${name}: ${[...found].join(", ")}`);
  expect(versions.get("@tiptap/core")?.size).toBe(1);
  expect(doubled).toEqual([]);
});
