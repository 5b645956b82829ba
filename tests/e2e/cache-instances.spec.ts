import { spawnSync } from "node:child_process";
import pg from "pg";
import { expect, test } from "./support/test";
import { send } from "./support/http";
import { startServer, tempDataDir, type RunningServer } from "./support/server";

// Two server processes on one PostgreSQL database, as a scaled-out deployment runs them: an
// invalidation asked of one must reach the other's page cache through the bus (P18).
test.describe.configure({ mode: "serial" });
test.skip(
  !process.env.TEST_DATABASE_URL,
  "set TEST_DATABASE_URL to run two instances on PostgreSQL",
);

const secret = "e2e-only-secret-0123456789abcdefghij";
let admin: pg.Client;
let databaseName: string;
let databaseUrl: string;
let first: RunningServer;
let second: RunningServer;

/** A message crosses the bus in milliseconds; the poll only absorbs that delivery time. */
const pollBriefly = { timeout: 2_000, intervals: [20, 50, 100] };

const host = (server: RunningServer) => `demo.localhost:${server.port}`;
const page = (server: RunningServer, path = "/") =>
  send({ port: server.port, host: host(server), path });

async function signInOwner(server: RunningServer): Promise<string> {
  const attempt = () =>
    send({
      port: server.port,
      host: host(server),
      path: "/api/auth/sign-in/email",
      method: "POST",
      json: { email: "owner@demo.test", password: "Lyceum-Demo-2026!" },
    });
  let res = await attempt();
  // Sign-ins are limited to 3 per 10 s per address: wait out the window.
  for (let i = 0; res.status === 429 && i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    res = await attempt();
  }
  expect(res.status).toBe(200);
  const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  return cookies.map((c) => c.split(";")[0]).join("; ");
}

/**
 * Both instances (and each worker of the first) have the path cached, so a later change can only
 * show through an invalidation. Connections are dealt to workers in turn: two hits in a row
 * mean both workers of the first hold it.
 */
async function warm(path = "/") {
  for (const server of [first, second]) {
    let hitsInARow = 0;
    for (let i = 0; i < 8 && hitsInARow < 2; i++) {
      hitsInARow =
        (await page(server, path)).headers["x-page-cache"] === "hit" ? hitsInARow + 1 : 0;
    }
    expect(hitsInARow, `${path} cached on every worker`).toBe(2);
  }
}

const menus = (label: string) => ({
  header: [{ id: "x1", label, item_url: "/blog", item_type: "link" }],
  mobile: [{ id: "x1", label, item_url: "/blog", item_type: "link" }],
});

test.beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  databaseName = `lyceum_two_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const env = { DATABASE_URL: databaseUrl, AUTH_SECRET: secret };
  // The first seeds the demo accounts into the empty database; the second finds them there.
  // The first runs two worker processes on its port, the second one.
  first = await startServer({ dataDir: tempDataDir("one"), env: { ...env, WEB_CONCURRENCY: "2" } });
  second = await startServer({
    dataDir: tempDataDir("two"),
    env: { ...env, SEED_DEMO: "false", WEB_CONCURRENCY: "1" },
  });
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
});

test("P18 a menu saved through one instance shows on the next anonymous request to both", async () => {
  await warm();
  const cookie = await signInOwner(first);
  const saved = await send({
    port: first.port,
    host: host(first),
    path: "/api/site/options/menus",
    method: "PUT",
    json: menus("Menu from instance one"),
    cookie,
  });
  expect(saved.status).toBe(200);
  // The saving worker drops its cache before answering; the first instance's other worker and
  // the second instance hear it on the bus within milliseconds.
  await expect
    .poll(async () => (await page(first)).body, pollBriefly)
    .toContain("Menu from instance one");
  await expect
    .poll(async () => (await page(second)).body, pollBriefly)
    .toContain("Menu from instance one");
});

test("P18 invalidateCache on one instance drops the option cache and pages of the other", async () => {
  await warm();
  // Another tool changes the option behind the servers' backs: nobody sees it yet.
  await withDatabase((database) =>
    database.query(
      `UPDATE options SET value = $1 WHERE key = 'menus'
         AND account_id = (SELECT account_id FROM accounts WHERE slug = 'demo')`,
      [JSON.stringify(menus("Menu written elsewhere"))],
    ),
  );
  expect((await page(second)).body).not.toContain("Menu written elsewhere");

  const cookie = await signInOwner(first);
  const accountId = await accountIdOf("demo");
  const call = await send({
    port: first.port,
    host: host(first),
    path: `/api/site/invalidateCache?account_id=${accountId}&key=getSiteOption-menus`,
    cookie,
  });
  expect(call.status).toBe(200);
  await expect
    .poll(async () => (await page(second)).body, pollBriefly)
    .toContain("Menu written elsewhere");
});

test("P18 revalidateCache of one path on one instance renders it again on the other", async () => {
  const demoPosts = `account_id = (SELECT account_id FROM accounts WHERE slug = 'demo')`;
  const { rows } = await withDatabase((database) =>
    database.query<{ slug: string }>(
      `SELECT slug FROM posts WHERE ${demoPosts} AND status = 'published' ORDER BY slug LIMIT 1`,
    ),
  );
  const path = `/blog/${rows[0]!.slug}`;
  await warm(path);
  await withDatabase((database) =>
    database.query(
      `UPDATE posts SET title = 'Retitled behind the cache' WHERE slug = $1 AND ${demoPosts}`,
      [rows[0]!.slug],
    ),
  );
  expect((await page(second, path)).body).not.toContain("Retitled behind the cache");
  const cookie = await signInOwner(first);
  const call = await send({
    port: first.port,
    host: host(first),
    path: `/api/site/revalidateCache?site=${await accountIdOf("demo")}&path=${path.slice(1)}`,
    cookie,
  });
  expect(call.status).toBe(200);
  await expect
    .poll(async () => (await page(second, path)).body, pollBriefly)
    .toContain("Retitled behind the cache");
  // Other paths stay cached.
  expect((await page(second)).headers["x-page-cache"]).toBe("hit");
});

/** A connection of the test's own to the instances' database, closed whatever happens. */
async function withDatabase<T>(work: (database: pg.Client) => Promise<T>): Promise<T> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    return await work(database);
  } finally {
    await database.end();
  }
}

async function accountIdOf(slug: string): Promise<string> {
  const { rows } = await withDatabase((database) =>
    database.query<{ id: string }>("SELECT account_id AS id FROM accounts WHERE slug = $1", [slug]),
  );
  return rows[0]!.id;
}

test("I12 WEB_CONCURRENCY=2 serves one port from two workers; a session made through one opens on both", async () => {
  // pgrep lists a process's children (exit 1 and nothing when it has none).
  const children = (server: RunningServer) =>
    spawnSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean);
  await expect.poll(() => children(first).length, { timeout: 20_000 }).toBe(2);
  expect(children(second)).toEqual([]);
  const cookie = await signInOwner(first);
  // New connections are dealt to the workers in turn: several requests reach both.
  for (let i = 0; i < 6; i++) {
    const me = await send({ port: first.port, host: host(first), path: "/api/account/me", cookie });
    expect(me.status).toBe(200);
  }
});
