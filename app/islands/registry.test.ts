import { describe, expect, test } from "vitest";
import { islandLoaders } from "./registry";

// The islands script finds an island's code by the name in its placeholder: a loader under one
// name that brings another island would wake the wrong component (or none) in the browser.
describe("islands registry", () => {
  test.each(Object.keys(islandLoaders))("%s loads the island of that name", async (name) => {
    const definition = await islandLoaders[name]!();
    expect(definition.name).toBe(name);
    expect(typeof definition.Component).toBe("function");
  });
});
