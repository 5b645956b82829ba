import path from "node:path";
import type { Plugin } from "vite";

const virtualId = "virtual:lyceum/islands-entry";

/**
 * Builds the islands' script (app/islands/islands.client.ts) as one more entry of the client
 * build, beside React Router's, so both share their chunks; and tells the server bundle its
 * address through `virtual:lyceum/islands-entry` (React Router builds the client first). In
 * development Vite serves the source itself.
 */
type ModuleInfo = { importedIds: readonly string[] } | null;

/** Every module `entry` reaches through static imports, itself left out. */
function staticImports(entry: string, info: (id: string) => ModuleInfo): Set<string> {
  const found = new Set<string>();
  const queue = [...(info(entry)?.importedIds ?? [])];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id) || id === entry) continue;
    found.add(id);
    queue.push(...(info(id)?.importedIds ?? []));
  }
  return found;
}

export function islandsEntry({
  entry,
  frameStyles,
}: {
  entry: string;
  /** The CSS modules of what frames every public page: one stylesheet, one request. */
  frameStyles: RegExp;
}): Plugin {
  const absolute = path.resolve(entry);
  let built: string | undefined;
  return {
    name: "lyceum-islands-entry",
    enforce: "post",
    configEnvironment(name, config, env) {
      if (name !== "client" || env.command !== "build") return;
      const options = config.build?.rollupOptions;
      const input = options?.input;
      if (Array.isArray(input) && !input.includes(absolute)) input.push(absolute);
      // What the islands script imports at once (every feature's enhancers with what they use,
      // and Vite's preload helper) is one chunk: one request on every public page, not one per
      // module that some app chunk happens to share. Likewise the frame's stylesheets.
      const output = options?.output;
      if (output && !Array.isArray(output)) {
        let start: Set<string> | undefined;
        output.codeSplitting = {
          groups: [
            {
              name: (id, context) => {
                start ??= staticImports(absolute, (module) => context.getModuleInfo(module));
                return start.has(id) ? "islands-start" : null;
              },
              priority: 10,
            },
            // Otherwise each lands beside the first chunk that imports it: seven stylesheets
            // of one or two KB each on every public page.
            { name: "site-frame-styles", test: frameStyles, priority: 5 },
          ],
        };
      }
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
