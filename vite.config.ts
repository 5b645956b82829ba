import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress";

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
  plugins: [reactRouter(), precompress()],
}));
