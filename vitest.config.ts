import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take minutes (the fuzz passes, the host flood), started first (decision 046).
 * A fresh clone (CI) has no timings from an earlier run, so Vitest orders by file size and these
 * small files came last: the run then ended with ten minutes of fuzz passes running alone.
 */
const longFirst = [
  "tests/fuzz.test.ts",
  "tests/fuzz-postgres.test.ts",
  "app/platform/jobs/jobs-schedules.test.ts",
  "tests/host-flood.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = longFirst.findIndex((file) => spec.moduleId.endsWith(file));
      return index === -1 ? longFirst.length : index;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, order) => ({ spec, order }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

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
    // fuzz pass is split by database (tests/fuzz*.test.ts) so that its two passes run side by side.
    maxWorkers: 2,
    // A worker keeps the modules it imported from one file to the next (decision 052): each file
    // imported the app's whole graph again, about a third of the run. Tests must not rely on a
    // fresh module: state they change (an env value, a cache) they put back.
    isolate: false,
    sequence: { sequencer: LongFilesFirst },
  },
});
