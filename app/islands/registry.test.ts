import { describe, expect, test } from "vitest";
import { islandLoaders } from "./registry";

describe("islands registry", () => {
  test("I32 every name loads the island of that name, which wakes at interaction, at load or by a stored key", async () => {
    expect(Object.keys(islandLoaders).length).toBeGreaterThan(0);
    for (const [name, load] of Object.entries(islandLoaders)) {
      const island = await load();
      expect(island.name, name).toBe(name);
      expect(typeof island.Component, name).toBe("function");
      expect(island.trigger, name).toMatch(/^(interaction|load|stored:.+)$/);
    }
  });
});
