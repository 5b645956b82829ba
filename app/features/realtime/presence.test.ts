import { describe, expect, test } from "vitest";
import { createPresenceStore, type StoredEntry } from "./presence.server";
import { onlineMembers, type ServerMessage } from "./protocol";
import { applyPresence, deviceIdOf, reconnectDelay } from "./use-realtime";

const entry = (key: string, instance: string, accountId = "a1", userId = "u1"): StoredEntry => ({
  key,
  instance,
  accountId,
  device_id: `device-${key}`,
  info: null,
  user: { id: userId, name: userId, email: null, avatar: null, account_id: accountId },
});

describe("D12 presence bookkeeping", () => {
  test("D12 browsers are told net differences per account, never the same join twice", () => {
    const store = createPresenceStore();
    store.put(entry("i1.1", "i1"));
    store.put(entry("i2.1", "i2", "a2"));
    expect(store.takeDiffs().map((d) => [d.accountId, d.joins.length, d.leaves])).toEqual([
      ["a1", 1, []],
      ["a2", 1, []],
    ]);
    // A leave and a join of the same key before the next flush cancel out.
    store.remove("i1.1");
    store.put(entry("i1.1", "i1"));
    expect(store.takeDiffs()).toEqual([]);
    store.remove("i1.1");
    expect(store.takeDiffs()).toEqual([{ accountId: "a1", joins: [], leaves: ["i1.1"] }]);
  });

  test("D12 an instance that stops, or falls silent, takes its entries with it", () => {
    const store = createPresenceStore();
    store.put(entry("self.1", "self"), 0);
    store.put(entry("b.1", "b"), 0);
    store.put(entry("c.1", "c"), 0);
    store.dropInstance("b");
    expect(
      store
        .entries("a1")
        .map((e) => e.key)
        .sort(),
    ).toEqual(["c.1", "self.1"]);
    store.touch("c", 50_000);
    expect(store.expire({ self: "self", maxSilenceMs: 90_000, now: 100_000 })).toEqual([]);
    expect(store.expire({ self: "self", maxSilenceMs: 90_000, now: 200_000 })).toEqual(["c"]);
    expect(store.entries("a1").map((e) => e.key)).toEqual(["self.1"]);
    expect(store.entriesOf("self")).toHaveLength(1);
  });

  test("D12 the browser rebuilds presence from state and diffs; a person counts once", () => {
    const map = new Map();
    const state: ServerMessage = {
      type: "presence_state",
      channel: "onlineUsers",
      entries: [entry("k1", "i"), entry("k2", "i"), entry("k3", "i", "a1", "u2")],
    };
    applyPresence(map, state);
    applyPresence(map, {
      type: "presence_diff",
      channel: "onlineUsers",
      joins: [],
      leaves: ["k3"],
    });
    expect([...map.keys()]).toEqual(["k1", "k2"]);
    expect(onlineMembers(map.values()).map((user) => user.id)).toEqual(["u1"]);
    expect(applyPresence(map, { type: "pong" })).toBe(false);
  });

  test("D12 the device id is kept in localStorage under device_id; reconnects back off to 30 s", () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    const id = deviceIdOf(storage);
    expect(saved.get("device_id")).toBe(id);
    expect(deviceIdOf(storage)).toBe(id);
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(deviceIdOf(refusing)).toMatch(/^[a-f0-9]{32}$/);
    expect(reconnectDelay(0, () => 0.5)).toBe(1_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(8_000);
    expect(reconnectDelay(20, () => 0.5)).toBe(30_000);
  });
});
