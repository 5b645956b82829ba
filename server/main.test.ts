import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Runs `node server/main.ts` with only the given variables (plus PATH); resolves on exit. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ...env },
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
