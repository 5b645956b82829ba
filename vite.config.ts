import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { pgliteTemplate } from "./scripts/vite-pglite-template.ts";
import { islandsEntry } from "./scripts/vite-islands-entry.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * React Router names every server entry index.js (the second becomes index2.js, and so on): the
 * other entries keep their own names, which the server loads them by (server/main.ts,
 * server/boot.ts, the database thread's client). Nothing imports an entry, so renaming the
 * written file breaks no reference.
 */
function namedServerEntries(): Plugin {
  return {
    name: "lyceum-named-server-entries",
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || chunk.name === "index") continue;
        const dir = options.dir ?? path.dirname(options.file ?? "");
        fs.renameSync(path.join(dir, chunk.fileName), path.join(dir, `${chunk.name}.js`));
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
    // Entries of their own, each loaded by path: the demo seed only when seeding
    // (server/boot.ts); the process (server/main.ts starts it) and the embedded database's
    // thread, which run as JavaScript (decision 059).
    ssr: {
      build: {
        rollupOptions: {
          input: {
            index: "./server/entry.server.ts",
            "demo-seed": "./scripts/demo-seed.ts",
            main: "./server/serve.ts",
            "pglite-thread": "./app/platform/db/pglite-thread.ts",
          },
          // V8 keeps a module's source as a string for as long as the process lives, and one
          // character past Latin-1 (an em dash in a message) makes the whole bundle's string
          // two bytes per character: 8 MB instead of 4 for the server bundle alone.
          output: {
            charset: "ascii" as const,
            comments: { legal: true, annotation: false, jsdoc: false },
          },
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
    namedServerEntries(),
    precompress(),
    pgliteTemplate({
      root: path.resolve(import.meta.dirname, "build"),
      cache: path.resolve(import.meta.dirname, "node_modules/.cache/lyceum"),
      migrationsFolder: path.resolve(import.meta.dirname, "drizzle"),
    }),
  ],
}));
