// The import graph of the source tree and the boundaries it must keep (DESIGN §4 rule 2,
// decision 023). Pure: it reads a map of path → source, so its test can plant violations.
import path from "node:path/posix";

export type SourceTree = ReadonlyMap<string, string>;

export type Violation = {
  kind: "feature-door" | "folder-cycle" | "test-code" | "route-module" | "layer";
  file: string;
  message: string;
};

const sourceExtensions = [".ts", ".tsx"];

export function isTestCode(file: string): boolean {
  return (
    /\.(test|spec)\.tsx?$/.test(file) ||
    file.startsWith("tests/") ||
    file.startsWith("bench/") ||
    file.startsWith("scripts/boundaries/fixtures/")
  );
}

/** Static imports of one file, dynamic `import("literal")` included: a path kept in a variable is not an import. */
export function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!));
}

export function resolveImport(
  from: string,
  specifier: string,
  tree: SourceTree,
): string | undefined {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string;
  if (bare.startsWith("~/")) base = `app/${bare.slice(2)}`;
  else if (bare.startsWith(".")) base = path.join(path.dirname(from), bare);
  else return undefined; // a package
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => base + ext),
    ...sourceExtensions.map((ext) => `${base}/index${ext}`),
    base.replace(/\.js$/, ".ts"),
  ];
  return candidates.find((candidate) => tree.has(candidate)) ?? base;
}

export function featureOf(file: string): string | undefined {
  return /^app\/features\/([^/]+)\//.exec(file)?.[1];
}

/** The doors a feature opens to the rest of the tree. */
export function featureDoors(feature: string): string[] {
  const root = `app/features/${feature}`;
  return [
    `${root}/${feature}.ts`,
    `${root}/${feature}.tsx`,
    `${root}/${feature}.server.ts`,
    `${root}/tables.server.ts`,
    // Its islands alone, for the islands' registry to load lazily, and its plain-DOM behaviours
    // for the script every public page carries (decision 048).
    `${root}/${feature}.islands.ts`,
    `${root}/${feature}.enhancers.ts`,
  ];
}

/** The folder a file belongs to in the cycle check: a feature, or a top-level area. */
export function folderOf(file: string): string {
  const feature = featureOf(file);
  if (feature) return `features/${feature}`;
  const [top, second] = file.split("/");
  if (top === "app") {
    if (second === "platform" || second === "ui" || second === "routes") return second;
    return "app";
  }
  return top ?? file;
}

export type ImportEdge = { from: string; to: string; specifier: string };

export function importEdges(tree: SourceTree): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [file, source] of tree) {
    if (!sourceExtensions.some((ext) => file.endsWith(ext))) continue;
    for (const specifier of importSpecifiers(source)) {
      const to = resolveImport(file, specifier, tree);
      if (to) edges.push({ from: file, to, specifier });
    }
  }
  return edges;
}

function featureDoorViolations(edges: ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const { from, to, specifier } of edges) {
    // The route config is loaded alone, before aliases, and must not pull in any component.
    if (isTestCode(from) || from === "app/routes.ts") continue;
    const target = featureOf(to);
    if (!target || featureOf(from) === target) continue;
    const doors = featureDoors(target);
    // The server's wiring mounts each feature's Hono sub-app.
    if (from.startsWith("server/")) doors.push(`app/features/${target}/api.server.ts`);
    if (doors.includes(to)) continue;
    violations.push({
      kind: "feature-door",
      file: from,
      message: `imports ${specifier}: reach features/${target} through ${target}.ts, ${target}.server.ts or tables.server.ts`,
    });
  }
  return violations;
}

function layerViolations(edges: ImportEdge[]): Violation[] {
  const violations: Violation[] = [];
  for (const { from, to, specifier } of edges) {
    if (isTestCode(from)) continue;
    const fromFolder = folderOf(from);
    const toFolder = folderOf(to);
    const lower = fromFolder === "platform" || fromFolder === "ui";
    const upper =
      toFolder.startsWith("features/") || toFolder === "routes" || toFolder === "server";
    const platformToUi = fromFolder === "platform" && toFolder === "ui";
    if (
      (lower && upper) ||
      platformToUi ||
      (fromFolder.startsWith("features/") && toFolder === "routes")
    ) {
      violations.push({
        kind: "layer",
        file: from,
        message: `imports ${specifier}: ${fromFolder} sits below ${toFolder} (routes/server → features → ui → platform)`,
      });
    }
  }
  return violations;
}

const isTables = (file: string) => /^app\/features\/[^/]+\/tables\.server\.ts$/.test(file);

/**
 * The tables files form one schema: a foreign key names another feature's table (a membership
 * its person), a fact about the data that no code runs through. So a tables file may import
 * only other tables files (and its own feature and the platform), and those imports are left out of the cycle check.
 */
function schemaViolations(edges: ImportEdge[]): Violation[] {
  return edges
    .filter(({ from, to }) => {
      const target = featureOf(to);
      return isTables(from) && target !== undefined && target !== featureOf(from) && !isTables(to);
    })
    .map(({ from, specifier }) => ({
      kind: "layer" as const,
      file: from,
      message: `imports ${specifier}: a tables file imports only other features' tables files`,
    }));
}

/** Strongly connected groups of folders (Tarjan), each group of two or more being a cycle. */
export function folderCycles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (isTestCode(from) || isTestCode(to)) continue;
    if (isTables(from) && isTables(to)) continue;
    const a = folderOf(from);
    const b = folderOf(to);
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a)!.add(b);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * Files under tests/ that production code reaches through its imports: app/, server/, and the
 * demo seed, which the server loads by its path at its first start (server/boot.ts).
 */
function testCodeViolations(edges: ImportEdge[], tree: SourceTree): Violation[] {
  const next = new Map<string, ImportEdge[]>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, []);
    next.get(edge.from)!.push(edge);
  }
  const seen = new Map<string, string | undefined>();
  const queue: string[] = [];
  for (const file of tree.keys()) {
    const production =
      file.startsWith("app/") || file.startsWith("server/") || file === "scripts/demo-seed.ts";
    if (production && !isTestCode(file)) {
      seen.set(file, undefined);
      queue.push(file);
    }
  }
  const violations: Violation[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const { to } of next.get(file) ?? []) {
      if (seen.has(to)) continue;
      seen.set(to, file);
      if (to.startsWith("tests/") || /\.(test|spec)\.tsx?$/.test(to)) {
        const chain = [to];
        for (let at = seen.get(to); at; at = seen.get(at)) chain.unshift(at);
        violations.push({
          kind: "test-code",
          file: chain[0]!,
          message: `production code reaches test code: ${chain.join(" → ")}`,
        });
        continue;
      }
      queue.push(to);
    }
  }
  return violations;
}

/** Every file in app/routes is a route module named in app/routes.ts. */
function routeModuleViolations(tree: SourceTree): Violation[] {
  const routeMap = tree.get("app/routes.ts") ?? "";
  const named = new Set(
    [...routeMap.matchAll(/"(routes\/[^"]+)"/g)].map((match) => `app/${match[1]}`),
  );
  const violations: Violation[] = [];
  for (const file of tree.keys()) {
    if (!file.startsWith("app/routes/") || isTestCode(file) || named.has(file)) continue;
    violations.push({
      kind: "route-module",
      file,
      message: "is not a route module named in app/routes.ts: move it into the feature it serves",
    });
  }
  return violations;
}

export function checkBoundaries(tree: SourceTree): Violation[] {
  const edges = importEdges(tree);
  return [
    ...featureDoorViolations(edges),
    ...layerViolations(edges),
    ...schemaViolations(edges),
    ...folderCycles(edges).map((group) => ({
      kind: "folder-cycle" as const,
      file: group[0]!,
      message: `folders import each other in a cycle: ${group.join(", ")}`,
    })),
    ...testCodeViolations(edges, tree),
    ...routeModuleViolations(tree),
  ];
}
