import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { wireServices } from "../../server/boot";
import { parseEnv } from "~/platform/env.server";
import { createLogger } from "~/platform/logger.server";
import type { Database } from "~/platform/db/database.server";

/** The real HTTP app around a test database, for `app.request()` tests. */
export function createTestApp(database: Database, env: Record<string, string> = {}) {
  const services = wireServices({
    env: parseEnv({
      SUPER_ADMIN_EMAILS: "root@platform.test",
      // Uploaded files of this test go to a directory of its own.
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-test-files-")),
      ...env,
    }),
    database,
    logger: createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
    authSecret: "test-secret-test-secret-test-secret-0123",
  });
  return { app: createApp({ services }), services };
}
