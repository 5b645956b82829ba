// What the server checks and reads before it creates anything: its configuration file and
// its port. Built-ins only: server/main.ts runs this file directly, before any build exists.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import util from "node:util";

/**
 * Reads `.env` (or the file `ENV_FILE` names; `ENV_FILE=` with nothing reads none) into the
 * environment, as `.env.example` promises. A variable the environment already has (not empty)
 * wins, as with Node's own `--env-file`. Returns the file read, if any.
 */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env.ENV_FILE;
  if (named === "") return null;
  const file = path.resolve(named ?? ".env");
  if (!fs.existsSync(file)) {
    if (named !== undefined) throw new StartupError(`ENV_FILE names ${file}, which does not exist`);
    return null;
  }
  let values: Record<string, string>;
  try {
    values = util.parseEnv(fs.readFileSync(file, "utf8")) as Record<string, string>;
  } catch (error) {
    throw new StartupError(`Could not read ${file}: ${(error as Error).message}`);
  }
  // An empty variable counts as not set, as the configuration reads it (parseEnv).
  for (const [name, value] of Object.entries(values)) {
    if (env[name] === undefined || env[name] === "") env[name] = value;
  }
  return file;
}

/** A start-up problem the operator fixes; its message is the one line printed. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Refuses a port another program listens on before the server opens (and maybe creates and
 * seeds) its database: found after, the operator saw a new database and a stack trace.
 * PORT=0 (any free port) needs no check; an invalid PORT is the configuration's to refuse.
 */
export async function assertPortFree(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return;
  const host = env.HOST || undefined;
  const problem = await new Promise<string | null>((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
  if (problem) throw new StartupError(portMessage(problem, port));
}

export function portMessage(code: string, port: number): string {
  if (code === "EADDRINUSE") {
    return `Port ${port} is already in use (another Lyceum, or another program): stop it or set PORT to a free port`;
  }
  if (code === "EACCES") {
    return `Port ${port} needs privileges this user lacks: use a port above 1023 (PORT=3000) behind a proxy`;
  }
  return `Cannot listen on port ${port} (${code}): set PORT to a free port`;
}
