// Which of Mantine's per-component stylesheets the app needs, in the order Mantine's whole sheet
// has them: the components the app imports from @mantine/core, and every component those use
// inside (read from Mantine's own modules), that has a sheet. app/ui/mantine-styles.ts imports
// exactly these; its test compares. `node scripts/mantine-sheets.ts` prints the imports.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const mantine = path.join(root, "node_modules/@mantine/core");
const componentsDir = path.join(mantine, "esm/components");
const stylesDir = path.join(mantine, "styles");
const utilsDir = path.join(mantine, "esm/utils");

/** Mantine's global sheets, before any component's. */
export const globalSheets = ["baseline", "default-css-variables", "global"];

function filesUnder(dir: string, pattern: RegExp, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, pattern, into);
    else if (pattern.test(entry.name)) into.push(full);
  }
  return into;
}

/** Names the app imports from @mantine/core (values only, not types). */
export function mantineNamesUsed(appDir = path.join(root, "app")): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(appDir, /\.(tsx?|mts)$/)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"@mantine\/core"/g,
    )) {
      if (match[1]) continue;
      for (const part of match[2]!.split(",")) {
        const name = part.trim().replace(/\s+as\s+\w+$/, "");
        if (name && !name.startsWith("type ")) names.add(name);
      }
    }
  }
  return names;
}

/**
 * Parts the app uses as `Component.Part` (Radio.Card, Radio.Indicator): each lives in a folder
 * of its own inside the component's, with a sheet of its own (RadioCard.css), which nothing
 * imports by name.
 */
export function mantinePartsUsed(appDir = path.join(root, "app")): Set<string> {
  const parts = new Set<string>();
  for (const file of filesUnder(appDir, /\.tsx$/)) {
    if (file.endsWith(".test.tsx")) continue;
    for (const match of fs.readFileSync(file, "utf8").matchAll(/<([A-Z]\w+)\.([A-Z]\w+)\b/g))
      parts.add(`${match[1]}${match[2]}`);
  }
  return parts;
}

/** The component folders a component's modules import, directly. */
function directDependencies(component: string): Set<string> {
  const found = new Set<string>();
  if (!fs.existsSync(path.join(componentsDir, component))) return found;
  for (const file of filesUnder(path.join(componentsDir, component), /\.mjs$/)) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/from\s+"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      // A shared piece under utils with a sheet of its own (InlineInput: the label beside a
      // Checkbox, Radio or Switch) is needed as a component is.
      const shared = path.relative(utilsDir, target).split(path.sep)[0]!;
      if (!shared.startsWith("..") && fs.existsSync(path.join(stylesDir, `${shared}.css`)))
        found.add(shared);
      const relative = path.relative(componentsDir, target);
      if (relative.startsWith("..")) continue;
      const folder = relative.split(path.sep)[0]!;
      if (folder !== component) found.add(folder);
    }
  }
  return found;
}

/** The sheets the app needs, in the order of Mantine's whole sheet. */
export function neededSheets(names = mantineNamesUsed(), parts = mantinePartsUsed()): string[] {
  const components = new Set<string>();
  const visit = (component: string) => {
    if (components.has(component)) return;
    components.add(component);
    for (const dependency of directDependencies(component)) visit(dependency);
  };
  for (const name of names) {
    if (fs.existsSync(path.join(componentsDir, name))) visit(name);
  }
  for (const part of parts)
    for (const component of components)
      if (fs.existsSync(path.join(componentsDir, component, part))) components.add(part);
  const whole = fs.readFileSync(path.join(mantine, "styles.css"), "utf8");
  const sheets = [...components].filter((c) => fs.existsSync(path.join(stylesDir, `${c}.css`)));
  const position = (sheet: string) => {
    const text = fs.readFileSync(path.join(stylesDir, `${sheet}.css`), "utf8");
    const at = whole.indexOf(text.slice(0, 400));
    if (at < 0) throw new Error(`${sheet}.css is not part of Mantine's whole sheet`);
    return at;
  };
  return [...globalSheets, ...sheets.sort((a, b) => position(a) - position(b))];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const sheet of neededSheets()) console.log(`import "@mantine/core/styles/${sheet}.css";`);
}
