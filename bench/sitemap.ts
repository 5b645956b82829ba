// Issue 12, sitemap and paging: /sitemap.xml, a child sitemap, /blog?page=1 and the blog's last
// page on an account with 10 posts against one with 10 000, in process (the app of the
// production build around an in-memory PGlite, as the page tests build it; PostgreSQL too when
// BENCH_DATABASE_URL names a server). Goal: the index and blog pages cost the same at 10 000
// posts as at 10, within 1.5×. Loaded by bench/run.ts through Vite's module runner, so it may
// import the app's modules like any test does. Prints figures and ratios only: a bench, never a
// pass/fail check.
import { sql } from "drizzle-orm";
import { POSTS_PER_PAGE } from "~/features/posts/posts.server";
import { createAccount, createPostsInBulk } from "../tests/factories";
import { createClient } from "../tests/support/http-client";
import { createTestDatabase, type Backend } from "../tests/support/test-database";
import { createTestAppWithPages, loadPagesBundle } from "../tests/support/test-server";

type Print = (title: string, rows: string[][]) => void;

// Now, while Vite's module runner is loading this file: it imports nothing once closed.
await loadPagesBundle();

const sizes = { small: 10, large: 10_000 };
const requests = Number(process.env.BENCH_SITEMAP_REQUESTS ?? 200);
const warmUp = 20;
/** Each cold request first drops the account's caches: fewer say enough. */
const coldRequests = Math.max(10, Math.round(requests / 50) * 10);

/**
 * How a request is served: `render` bypasses the page cache (with an unknown query parameter,
 * which it never answers) while the post order stays kept: what a page costs to build; `hit` is
 * the page cache's stored copy; `cold` follows a drop of the account's caches (pages and post
 * order), as after revalidateCache, so the post order is read again first.
 */
type Mode = "render" | "hit" | "cold";
const modes: Mode[] = ["render", "hit", "cold"];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => value.toFixed(2);

async function benchBackend(backend: Backend, print: Print) {
  const db = await createTestDatabase(backend);
  try {
    const { app, services } = await createTestAppWithPages(db.database);
    const accounts = {
      small: await createAccount(db.database, { slug: "sitemap-small" }),
      large: await createAccount(db.database, { slug: "sitemap-large" }),
    };
    const started = performance.now();
    for (const size of ["small", "large"] as const) {
      await createPostsInBulk(db.database, {
        accountId: accounts[size].accountId,
        count: sizes[size],
      });
    }
    await db.database.owner.execute(sql`vacuum analyze posts`);
    console.log(
      `\n${backend}: seeded ${sizes.small} and ${sizes.large} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const targets = (size: "small" | "large") => [
      { name: "/sitemap.xml", path: "/sitemap.xml", goal: true },
      { name: "/sitemap-posts-1.xml", path: "/sitemap-posts-1.xml", goal: false },
      { name: "/blog?page=1", path: "/blog?page=1", goal: true },
      {
        name: "/blog?page=<last>",
        path: `/blog?page=${Math.ceil(sizes[size] / POSTS_PER_PAGE)}`,
        goal: true,
      },
    ];

    type Size = "small" | "large";
    /** One timed request of `path` on the account of `size`, as `mode` serves it. */
    function requester(size: Size, path: string, mode: Mode) {
      const { accountId, slug } = accounts[size];
      const client = createClient(app, { host: `${slug}.localhost`, ip: "127.0.0.1" });
      const separator = path.includes("?") ? "&" : "?";
      const stats = { times: [] as number[], bytes: 0, failures: 0 };
      let sent = 0;
      async function once({ timed }: { timed: boolean }) {
        if (mode === "cold") await services.siteCache.invalidateAccount(accountId);
        const url = mode === "render" ? `${path}${separator}bench=${sent++}` : path;
        const began = performance.now();
        const res = await client.request(url);
        const body = new Uint8Array(await res.arrayBuffer());
        const took = performance.now() - began;
        if (!timed) return;
        if (res.status !== 200) stats.failures++;
        if (mode === "hit" && res.headers.get("x-page-cache") !== "hit") stats.failures++;
        stats.bytes = body.byteLength;
        stats.times.push(took);
      }
      return { once, stats };
    }

    /**
     * Both sizes of one target in alternating rounds, so that a busy spell of this shared
     * machine falls on both rather than on whichever ran then.
     */
    async function compare(paths: Record<Size, string>, mode: Mode) {
      const sides = {
        small: requester("small", paths.small, mode),
        large: requester("large", paths.large, mode),
      };
      const count = mode === "cold" ? coldRequests : requests;
      for (const side of Object.values(sides))
        for (let i = 0; i < (mode === "cold" ? 2 : warmUp); i++) await side.once({ timed: false });
      const rounds = 10;
      for (let round = 0; round < rounds; round++) {
        const order: Size[] = round % 2 ? ["large", "small"] : ["small", "large"];
        for (const size of order)
          for (let i = 0; i < count / rounds; i++) await sides[size].once({ timed: true });
      }
      const summary = (size: Size) => {
        const { times, bytes, failures } = sides[size].stats;
        times.sort((a, b) => a - b);
        return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, failures };
      };
      return { a: summary("small"), b: summary("large") };
    }

    const rows = [
      [
        "target",
        "mode",
        "10 posts p50 ms",
        "10 000 p50 ms",
        "10 000 p95 ms",
        "ratio p50",
        "goal",
        "bytes 10",
        "bytes 10 000",
        "failures",
      ],
    ];
    for (const [index, target] of targets("small").entries()) {
      const large = targets("large")[index]!;
      for (const mode of modes) {
        const { a, b } = await compare({ small: target.path, large: large.path }, mode);
        const ratio = b.p50 / a.p50;
        rows.push([
          target.name,
          mode,
          ms(a.p50),
          ms(b.p50),
          ms(b.p95),
          `${ratio.toFixed(2)}×`,
          target.goal ? `≤ 1.5× ${ratio <= 1.5 ? "met" : "MISSED"}` : "— (grows with its URLs)",
          String(a.bytes),
          String(b.bytes),
          String(a.failures + b.failures),
        ]);
      }
    }
    print(
      `${backend}: per request, sequential, in process (${requests} requests after ${warmUp}; cold: ${coldRequests}, each after dropping the account's caches)`,
      rows,
    );
  } finally {
    await db.dispose();
  }
}

/** `node bench/run.ts sitemap`: PGlite always, PostgreSQL too when BENCH_DATABASE_URL is set. */
export async function benchSitemap({ print }: { print: Print }) {
  console.log(
    `\nSitemap and blog paging (I12): ${sizes.small} against ${sizes.large} published posts`,
  );
  await benchBackend("pglite", print);
  if (process.env.BENCH_DATABASE_URL) {
    // The test databases' helper creates its scratch database on TEST_DATABASE_URL's server.
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    await benchBackend("postgres", print);
  }
}
