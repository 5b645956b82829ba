import path from "node:path";
import type { Plugin } from "vite";

const virtualId = "virtual:lyceum/islands-entry";

/**
 * Builds the islands' script (app/islands/islands.client.ts) as one more entry of the client
 * build, beside React Router's, so both share their chunks; and tells the server bundle its
 * address through `virtual:lyceum/islands-entry` (React Router builds the client first). In
 * development Vite serves the source itself.
 */
export function islandsEntry({ entry }: { entry: string }): Plugin {
  const absolute = path.resolve(entry);
  let built: string | undefined;
  return {
    name: "lyceum-islands-entry",
    enforce: "post",
    configEnvironment(name, config, env) {
      if (name !== "client" || env.command !== "build") return;
      const input = config.build?.rollupOptions?.input;
      if (Array.isArray(input) && !input.includes(absolute)) input.push(absolute);
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry && chunk.facadeModuleId === absolute) {
          built = `/${chunk.fileName}`;
        }
      }
    },
    resolveId(id) {
      return id === virtualId ? `\0${virtualId}` : undefined;
    },
    load(id) {
      if (id !== `\0${virtualId}`) return undefined;
      const address =
        built ?? `/${path.relative(process.cwd(), absolute).split(path.sep).join("/")}`;
      return `export default ${JSON.stringify(address)};`;
    },
  };
}
