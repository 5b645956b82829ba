import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";

/**
 * AUTH_SECRET when set. Otherwise, on the embedded database, a secret generated once and kept
 * in DATA_DIR (so sessions survive restarts); on PostgreSQL outside production, a per-process
 * secret (sessions end at restart, and a warning says so).
 */
export function resolveAuthSecret(env: Env, logger: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (!env.DATABASE_URL) {
    const file = path.resolve(env.DATA_DIR, "auth-secret");
    if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
    const secret = randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  logger.warn(
    "AUTH_SECRET is not set: using a per-process secret; sessions end when the server restarts",
  );
  return randomBytes(32).toString("hex");
}
