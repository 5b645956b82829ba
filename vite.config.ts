import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { pgliteTemplate } from "./scripts/vite-pglite-template.ts";
import { precompress } from "./scripts/vite-precompress.ts";

// The SSR build's entry is our Hono app (server/entry.server.ts), which imports
// React Router's virtual server build: one bundle serves API and pages.
export default defineConfig(() => ({
  resolve: {
    alias: [{ find: /^~\//, replacement: `${path.resolve(import.meta.dirname, "app")}/` }],
  },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/entry.server.ts" } } },
  },
  ssr: {
    // Bundling these cuts start-up time and memory (STACK-NOTES pitfall 6).
    noExternal: ["drizzle-orm"],
  },
  plugins: [
    reactRouter(),
    precompress(),
    pgliteTemplate({
      root: path.resolve(import.meta.dirname, "build"),
      cache: path.resolve(import.meta.dirname, "node_modules/.cache/lyceum"),
      migrationsFolder: path.resolve(import.meta.dirname, "drizzle"),
    }),
  ],
}));
