import { describe, expect, test } from "vitest";
import { createAccountMemo } from "./account-memo";

/** A memo whose generations the test moves by hand, as the page cache's drops would. */
function memoWithGenerations() {
  const generations = new Map<string, number>();
  const memo = createAccountMemo({
    ttlMs: 60_000,
    generation: (accountId) => String(generations.get(accountId) ?? 0),
  });
  const drop = (accountId: string) =>
    generations.set(accountId, (generations.get(accountId) ?? 0) + 1);
  return { memo, drop };
}

describe("account memo", () => {
  test("I12 a value is loaded once, kept per account and name, and loaded again after its account is dropped", async () => {
    const { memo, drop } = memoWithGenerations();
    let loads = 0;
    const load = (value: string) => async () => {
      loads++;
      return value;
    };
    expect(await memo.remember("a", "order", load("a1"))).toBe("a1");
    expect(await memo.remember("a", "order", load("a2"))).toBe("a1");
    expect(await memo.remember("b", "order", load("b1"))).toBe("b1");
    expect(await memo.remember("a", "count", load("c1"))).toBe("c1");
    expect(loads).toBe(3);
    drop("a");
    expect(await memo.remember("a", "order", load("a3"))).toBe("a3");
    expect(await memo.remember("b", "order", load("b2"))).toBe("b1");
    expect(loads).toBe(4);
  });

  test("I12 concurrent reads share one load; a load overtaken by a drop is returned, not kept", async () => {
    const { memo, drop } = memoWithGenerations();
    let loads = 0;
    let release!: (value: string) => void;
    const slow = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = memo.remember("a", "order", slow);
    const second = memo.remember("a", "order", slow);
    expect(loads).toBe(1);
    drop("a");
    release("stale");
    expect(await first).toBe("stale");
    expect(await second).toBe("stale");
    expect(await memo.remember("a", "order", async () => "fresh")).toBe("fresh");
  });

  test("I12 a failed load is not kept: the next read tries again", async () => {
    const { memo } = memoWithGenerations();
    await expect(
      memo.remember("a", "order", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow("down");
    expect(await memo.remember("a", "order", async () => "up")).toBe("up");
  });
});
