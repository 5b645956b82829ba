import type { Plugin } from "vite";
import { ensurePgliteTemplate } from "../app/platform/db/pglite-template.server.ts";

/**
 * Leaves in the build the migrated empty PGlite data directory a server's first start copies
 * (docs/decisions/019-first-start.md). It is made once per set of migrations and PGlite version
 * and kept in a cache; later builds copy it from there.
 */
export function pgliteTemplate(where: {
  /** The build directory, where the server looks (server/boot.ts PGLITE_TEMPLATES). */
  root: string;
  /** Outlives builds (React Router empties the build directory). */
  cache: string;
  migrationsFolder: string;
}): Plugin {
  return {
    name: "lyceum-pglite-template",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async closeBundle() {
      const started = performance.now();
      const { dir, made } = await ensurePgliteTemplate(where);
      if (made) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        this.environment.logger.info(`PGlite template ${dir} made in ${seconds} s`);
      }
    },
  };
}
