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
    // Bundling these cuts start-up time and memory (STACK-NOTES pitfall 6): Node's loader pays
    // for every file, and Mantine, better-auth and kysely are ~900 of them (decision 019). Their
    // own dependencies stay imports by name, found where npm hoists them.
    noExternal: [
      "drizzle-orm",
      "@mantine/core",
      "@mantine/hooks",
      "better-auth",
      /^@better-auth\//,
      "kysely",
    ],
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
