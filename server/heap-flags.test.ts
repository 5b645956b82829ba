import { describe, expect, test } from "vitest";
import { allocatorEnvFor } from "./heap-flags";

describe("I32 the server's allocator", () => {
  test("I32 jemalloc where the machine has it, glibc's settings kept beside it; glibc's alone elsewhere", () => {
    const debian = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";
    const withJemalloc = allocatorEnvFor({ platform: "linux", exists: (path) => path === debian });
    expect(withJemalloc).toMatchObject({
      LD_PRELOAD: debian,
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "65536",
    });
    expect(withJemalloc.MALLOC_CONF).toMatch(/background_thread:true/);
    const arm = "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2";
    expect(allocatorEnvFor({ platform: "linux", exists: (path) => path === arm })).toMatchObject({
      LD_PRELOAD: arm,
    });
    for (const [platform, exists] of [
      ["linux", () => false],
      ["darwin", () => true],
      ["win32", () => true],
    ] as const) {
      expect(allocatorEnvFor({ platform, exists })).toEqual({
        MALLOC_ARENA_MAX: "2",
        MALLOC_MMAP_THRESHOLD_: "65536",
      });
    }
  });
});
