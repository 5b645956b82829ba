import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "./server";

const assets = path.join(projectRoot, "build/client/assets");
const registrySource = path.join(projectRoot, "app/islands/registry.ts");

/** What a public page may fetch, read from the build itself (decision 048). */
export type IslandScripts = {
  /** `/assets/islands.client-<hash>.js`. */
  entry: string;
  /** The entry and everything it imports statically: what every island document loads. */
  always: Set<string>;
  /** Per island name, what waking it may fetch (its loader, React, hydration, its own imports). */
  islands: Map<string, Set<string>>;
  /**
   * What the entry imports on demand outside the islands' loaders: an enhancer's code a page
   * needs only sometimes (the owner's scripts), with its own imports.
   */
  onDemand: Set<string>;
};

const address = (file: string) => `/assets/${path.posix.basename(file)}`;
const isScript = (file: string) => /\.m?js$/.test(file);

function chunkText(file: string): string {
  return fs.readFileSync(path.join(assets, path.posix.basename(file)), "utf8");
}

/** Relative imports of a built chunk: static (`from"./x.js"`, `import"./x.js"`) and dynamic. */
function importsOf(text: string) {
  const specifiers = (pattern: RegExp) =>
    [...text.matchAll(pattern)].map((match) => address(match[1]!)).filter(isScript);
  return {
    static: specifiers(/(?:\bfrom|\bimport)\s*["'`](\.\/[^"'`]+)["'`]/g),
    dynamic: specifiers(/\bimport\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g),
  };
}

/**
 * A chunk, what it imports statically, and with `dynamic` what it may import later too (the
 * chunks an island's own code loads on demand), each with its static imports. The chunks of
 * `loaded` are already there, and their own dynamic imports are the registry's loaders (an
 * island's chunk may share code with them): not followed, or one island would allow them all.
 */
function closure(
  start: Iterable<string>,
  { dynamic, loaded = new Set() }: { dynamic: boolean; loaded?: Set<string> },
): Set<string> {
  const found = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    if (loaded.has(file)) continue;
    const imports = importsOf(chunkText(file));
    queue.push(...imports.static, ...(dynamic ? imports.dynamic : []));
  }
  return found;
}

/** The names the registry's source gives its loaders, to check the built script's reading. */
function registryNames(): string[] {
  const source = fs.readFileSync(registrySource, "utf8");
  const body = source.slice(source.indexOf("islandLoaders"));
  return [...body.matchAll(/^\s{2}(?:"([\w-]+)"|([\w$]+)):/gm)].map((m) => m[1] ?? m[2]!);
}

type DynamicImport = { chunk: string; at: number; file: string; preloads: string[] };

/**
 * A chunk's dynamic imports: where each sits, what it imports and what it preloads. Vite's
 * `__vite__mapDeps` list (one per chunk) names, for each, the chunks fetched with it (the
 * imported chunk and all of its static imports), by index, right after the import.
 */
function dynamicImportsOf(chunk: string): DynamicImport[] {
  const text = chunkText(chunk);
  const listMatch = /m\.f=(\[[^\]]*\])/.exec(text);
  const list = listMatch
    ? (JSON.parse(listMatch[1]!) as string[]).map((file) => address(file))
    : [];
  const found = [...text.matchAll(/\bimport\(\s*["'`](\.\/[^"'`]+)["'`]\s*\)/g)];
  return found.map((match, n) => {
    // Its preload list, if it has one, comes before the next import.
    const tail = text.slice(match.index, found[n + 1]?.index ?? text.length);
    const deps = /__vite__mapDeps\(\[([\d,\s]*)\]\)/.exec(tail)?.[1] ?? "";
    return {
      chunk,
      at: match.index,
      file: address(match[1]!),
      preloads: deps
        .split(",")
        .filter((index) => index.trim())
        .map((index) => list[Number(index)]!)
        .filter(isScript),
    };
  });
}

/**
 * Reads the built islands script and what it imports statically: the registry's loaders are the
 * `name: () => preload(() => import(…), __vite__mapDeps([…]))` entries of one object, in one of
 * those chunks. An island's chunks are its loader's list, hydration's (every island loads it)
 * and whatever those chunks import later themselves.
 */
export function readIslandScripts(): IslandScripts {
  const entries = fs
    .readdirSync(assets)
    .filter((file) => /^islands\.client-[\w-]+\.js$/.test(file));
  if (entries.length !== 1)
    throw new Error(`expected one built islands script in ${assets}, found ${entries.join(", ")}`);
  const entry = address(entries[0]!);
  const always = closure([entry], { dynamic: false });
  const imports = [...always].flatMap(dynamicImportsOf);
  const hydration = imports.filter((i) => /\/hydrate-island-[\w-]+\.js$/.test(i.file));
  if (hydration.length !== 1) throw new Error(`${entry}: hydrate-island's import not found`);
  const hydrate = closure([hydration[0]!.file, ...hydration[0]!.preloads], {
    dynamic: true,
    loaded: always,
  });
  const islands = new Map<string, Set<string>>();
  const claimed = new Set(hydration);
  for (const name of registryNames()) {
    // Each loader's key, quoted or bare, followed by its arrow; its import is the next one.
    const key = new RegExp(
      `(?:["'\`]${name.replace(/[-$]/g, "\\$&")}["'\`]|\\b${name})\\s*:\\s*\\(\\)\\s*=>`,
    );
    const own = [...always]
      .map((chunk) => ({ chunk, at: key.exec(chunkText(chunk))?.index }))
      .filter((found) => found.at !== undefined)
      .map(({ chunk, at }) => imports.find((i) => i.chunk === chunk && i.at > at!))
      .find(Boolean);
    if (!own) throw new Error(`${entry} and its imports: no loader for island ${name}`);
    claimed.add(own);
    const chunks = closure([own.file, ...own.preloads], { dynamic: true, loaded: always });
    islands.set(name, new Set([...chunks, ...hydrate]));
  }
  return {
    entry,
    always,
    islands,
    onDemand: closure(
      imports.filter((i) => !claimed.has(i)).flatMap((i) => [i.file, ...i.preloads]),
      { dynamic: true, loaded: always },
    ),
  };
}
