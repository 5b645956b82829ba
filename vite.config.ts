import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { pgliteTemplate } from "./scripts/vite-pglite-template.ts";
import { islandsEntry } from "./scripts/vite-islands-entry.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * React Router names every server entry index.js (the second becomes index2.js): the demo seed
 * keeps its own name, which server/boot.ts loads it by. Nothing imports an entry, so renaming
 * the written file breaks no reference.
 */
function demoSeedEntry(): Plugin {
  return {
    name: "lyceum-demo-seed-entry",
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || chunk.name !== "demo-seed") continue;
        const dir = options.dir ?? path.dirname(options.file ?? "");
        fs.renameSync(path.join(dir, chunk.fileName), path.join(dir, "demo-seed.js"));
      }
    },
  };
}

// The SSR build's entry is our Hono app (server/entry.server.ts), which imports
// React Router's virtual server build: one bundle serves API and pages.
export default defineConfig(() => ({
  resolve: {
    alias: [{ find: /^~\//, replacement: `${path.resolve(import.meta.dirname, "app")}/` }],
  },
  environments: {
    // The demo seed is an entry of its own, loaded by path only when seeding (server/boot.ts).
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/entry.server.ts", "demo-seed": "./scripts/demo-seed.ts" },
        },
      },
    },
  },
  ssr: {
    // Bundling these cuts start-up time and memory (STACK-NOTES pitfall 6): Node's loader pays
    // for every file, and Mantine, better-auth and kysely are ~900 of them (decision 019). Their
    // own dependencies stay imports by name, found where npm hoists them.
    noExternal: [
      "drizzle-orm",
      "@mantine/core",
      "@mantine/hooks",
      // Its components read the bundled core's context: one copy of Mantine, or no provider is found.
      "@mantine/tiptap",
      "@mantine/dropzone",
      "@mantine/charts",
      "better-auth",
      /^@better-auth\//,
      "kysely",
      // Only the icons used end up in the bundle; left external, Node would load all ~6,000
      // (~0.25 s and ~80 MB at every start).
      "@tabler/icons-react",
    ],
  },
  plugins: [
    reactRouter(),
    islandsEntry({
      entry: "app/islands/islands.client.ts",
      // The site frame's own CSS modules (not its editors'), and the platform's frame, which
      // the host layout also imports.
      frameStyles:
        /app[\\/]features[\\/](?:(?:header|menus|search|cart|site|footer|notices)[\\/]components[\\/](?![^\\/]*editor)[^\\/]+|marketing[\\/]components[\\/]platform)\.module\.css$/,
    }),
    demoSeedEntry(),
    precompress(),
    pgliteTemplate({
      root: path.resolve(import.meta.dirname, "build"),
      cache: path.resolve(import.meta.dirname, "node_modules/.cache/lyceum"),
      migrationsFolder: path.resolve(import.meta.dirname, "drizzle"),
    }),
  ],
}));
