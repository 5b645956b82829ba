import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "./support/test";
import pg from "pg";
import { get } from "./support/http";
import { projectRoot, startServer, tempDataDir } from "./support/server";

test.describe.configure({ mode: "serial" });

test("a second server on the same DATA_DIR refuses with a clear message", async () => {
  const dataDir = tempDataDir("lock");
  const first = await startServer({ dataDir });
  try {
    const second = await startServer({ dataDir, expectFailure: true });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("is in use by another Lyceum process");
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first server is unharmed.
    expect((await get({ port: first.port, path: "/api/ready", host: "localhost" })).status).toBe(
      200,
    );
  } finally {
    expect(await first.stop()).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("kill -9 of the server and a restart lose no committed row", async () => {
  const dataDir = tempDataDir("crash");
  const first = await startServer({ dataDir });
  const before = await get({ port: first.port, host: "demo.localhost" });
  expect(before.status).toBe(200);
  await first.stop("SIGKILL");
  // No demo seeding on restart: every row must come from what the first process committed.
  const second = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
  try {
    for (const [host, post] of [
      ["demo.localhost", "Meet our new photography teacher"],
      ["acme.localhost", "Our students won the regional robot league"],
    ] as const) {
      const page = await get({ port: second.port, host });
      expect(page.status).toBe(200);
      expect(page.body).toContain(post);
    }
    expect((await get({ port: second.port, path: "/api/ready", host: "localhost" })).status).toBe(
      200,
    );
  } finally {
    expect(await second.stop()).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("SIGTERM finishes, closes the database cleanly and exits 0", async () => {
  const dataDir = tempDataDir("term");
  const server = await startServer({ dataDir });
  expect(await server.stop("SIGTERM")).toBe(0);
  expect(server.output()).toContain("database closed");
  expect(fs.existsSync(`${dataDir}/lyceum.lock`)).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a bad configuration value stops the server with one line naming the variable", () => {
  const result = spawnSync(process.execPath, ["server/main.ts"], {
    cwd: projectRoot,
    env: { ...process.env, PORT: "not-a-port", DATA_DIR: tempDataDir("env") },
    encoding: "utf8",
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toMatch(/^lyceum: Invalid environment variable PORT: [^\n]+$/);
});

test("db:seed refuses while a server holds the data directory", async () => {
  const dataDir = tempDataDir("seed");
  const server = await startServer({ dataDir });
  try {
    const result = spawnSync(process.execPath, ["server/main.ts", "seed"], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("is in use by another Lyceum process");
  } finally {
    await server.stop();
  }
  const reseed = spawnSync(process.execPath, ["server/main.ts", "seed"], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  expect(reseed.status).toBe(0);
  expect(reseed.stdout).toContain("demo accounts seeded");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the same server runs on PostgreSQL when DATABASE_URL is set", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "set TEST_DATABASE_URL to run against PostgreSQL");
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const name = `lyceum_e2e_${process.pid}_${Date.now()}`;
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const dataDir = tempDataDir("pg");
  try {
    const server = await startServer({
      dataDir,
      env: { DATABASE_URL: url.toString(), AUTH_SECRET: "e2e-only-secret-0123456789abcdefghij" },
    });
    try {
      const ready = await get({ port: server.port, path: "/api/ready", host: "localhost" });
      expect(JSON.parse(ready.body)).toMatchObject({ status: "ready", database: "postgres" });
      const demo = await get({ port: server.port, host: "demo.localhost" });
      expect(demo.body).toContain("Five habits of people who finish online courses");
      const acme = await get({ port: server.port, host: "acme.localhost" });
      expect(acme.body).toContain("New soldering lab opens in Lyon");
      expect(acme.body).not.toContain("Demo Academy");
      expect((await get({ port: server.port, host: "nowhere.localhost" })).status).toBe(404);
      // Nothing was written to the embedded data directory.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
