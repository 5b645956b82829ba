// `npm run lint` step: the import graph of app/, server/ and scripts/ keeps its boundaries
// (feature doors, layers, no folder cycles, no test code in production, routes are route modules).
import fs from "node:fs";
import path from "node:path";
import { checkBoundaries } from "./boundaries/import-graph.ts";

const roots = ["app", "server", "scripts", "tests"];
const tree = new Map<string, string>();
const walk = (dir: string) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else
      tree.set(
        full.split(path.sep).join("/"),
        /\.tsx?$/.test(entry.name) ? fs.readFileSync(full, "utf8") : "",
      );
  }
};
for (const root of roots) if (fs.existsSync(root)) walk(root);

const violations = checkBoundaries(tree);
for (const violation of violations) {
  console.error(`${violation.file}: [${violation.kind}] ${violation.message}`);
}
console.log(`boundaries: ${tree.size} files, ${violations.length} violation(s)`);
process.exit(violations.length > 0 ? 1 : 0);
