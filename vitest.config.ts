import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest runs without the reactRouter() plugin: it tests modules and the Hono app directly.
export default defineConfig({
  resolve: {
    alias: [{ find: /^~\//, replacement: `${path.resolve(import.meta.dirname, "app")}/` }],
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most of a file's time
    // is PGlite's own thread or PostgreSQL waiting, so two files at once use the second core; the
    // fuzz pass is split by database (tests/fuzz*.test.ts) so that its halves run side by side.
    maxWorkers: 2,
  },
});
