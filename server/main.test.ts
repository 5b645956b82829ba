import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs `node server/main.ts` with only the given variables (plus PATH); resolves on exit. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ENV_FILE: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

// Nothing connects to this: the check comes before any database work.
const unreachable = "postgresql://nobody@127.0.0.1:9/none";

describe("I31-11 production refuses to start without AUTH_SECRET", () => {
  test.each([
    ["a single process", "1"],
    ["the worker primary (WEB_CONCURRENCY=2)", "2"],
    ["an empty AUTH_SECRET with workers", "2", ""],
  ])("%s exits 1 with a message naming AUTH_SECRET", async (_name, workers, secret?: string) => {
    const { code, output } = await run({
      NODE_ENV: "production",
      DATABASE_URL: unreachable,
      WEB_CONCURRENCY: workers,
      ...(secret === undefined ? {} : { AUTH_SECRET: secret }),
    });
    expect(code).toBe(1);
    expect(output).toContain("AUTH_SECRET is required in production with DATABASE_URL");
    // No worker was started with a secret made up on the spot.
    expect(output).not.toContain("sessions end when the server restarts");
  });
});

/** A port some other program holds while `use` runs. */
async function withBusyPort<T>(use: (port: number) => Promise<T>): Promise<T> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  try {
    return await use((holder.address() as net.AddressInfo).port);
  } finally {
    holder.close();
  }
}

describe("I37 configuration fails closed, in one line", () => {
  const secret = { AUTH_SECRET: "x".repeat(40) };

  test("I37 a busy port is refused before any database is created", async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-port-")), "data");
    const { code, output } = await withBusyPort((port) =>
      run({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir }),
    );
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^lyceum: Port \d+ is already in use .*set PORT to a free port$/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  test("I37 .env (or the file ENV_FILE names) is read; the environment wins over it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-env-"));
    const file = path.join(dir, "site.env");
    await withBusyPort((port) =>
      withBusyPort(async (other) => {
        fs.writeFileSync(file, `PORT=${port}\nHOST=127.0.0.1\nDATA_DIR=${dir}/data\n`);
        const fromFile = await run({ ENV_FILE: file, PORT: "" });
        expect(fromFile.output).toContain(`Port ${port} is already in use`);
        const fromEnv = await run({ ENV_FILE: file, PORT: String(other) });
        expect(fromEnv.output).toContain(`Port ${other} is already in use`);
      }),
    );
    const missing = await run({ ENV_FILE: path.join(dir, "nothing.env") });
    expect(missing.code).toBe(1);
    expect(missing.output.trim()).toBe(
      `lyceum: ENV_FILE names ${path.join(dir, "nothing.env")}, which does not exist`,
    );
  });

  test("I37 a DATABASE_URL that cannot be reached says why and how to fix it", async () => {
    const refused = await run({ ...secret, DATABASE_URL: unreachable });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toMatch(
      /^lyceum: PostgreSQL at 127\.0\.0\.1:9 refused the connection: is it running\?/,
    );
    expect(refused.output.trim().split("\n")).toHaveLength(1);
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "I37 a database that does not exist is named with the createdb that makes it",
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = "/lyceum_not_created";
      const { code, output } = await run({ ...secret, DATABASE_URL: url.href });
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `lyceum: PostgreSQL at ${url.hostname}:${url.port || 5432} has no database "lyceum_not_created": create it with \`createdb -h ${url.hostname} -p ${url.port || 5432} -U ${decodeURIComponent(url.username)} lyceum_not_created\` (or psql's CREATE DATABASE), owned by the role in DATABASE_URL`,
      );
      expect(output).not.toContain(url.password || "\u0000");
    },
  );
});
