import fs from "node:fs";
import path from "node:path";

/*
 * Which i18n keys the app's source uses, read from the source text (I12). A small lexer finds
 * the string literals (outside comments and regular expressions); a key is a literal whose
 * first segment is a group of the English catalogue. Three kinds of use:
 * - `call`: the literal first argument of t(), textIn(lang, …) or englishText(…), every branch
 *   of a conditional included, and <Trans i18nKey="…">: must be a string in the catalogue;
 * - `prefix`: the text before the first `${` of a template (`siteSettings.menu.errors.${code}`),
 *   anywhere: the key is built at run time somewhere under it;
 * - `data`: any other literal that names a text or group of the catalogue (menu labels, error
 *   keys kept in data and turned into text on the client).
 */

export type Messages = Record<string, unknown>;

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const appDir = path.join(projectRoot, "app");

export const english: Messages = JSON.parse(
  fs.readFileSync(path.join(appDir, "locales/en.json"), "utf8"),
);

export function nodeAt(messages: Messages, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

type Literal = { start: number; end: number; value: string; templateHead: boolean };

/** The source with comments and the insides of literals blanked, and the literals themselves. */
export type Lexed = { code: string; literals: Literal[] };

const operatorsBeforeRegex = new Set("(,=:[!&|?;{+-*%~^".split(""));
const wordsBeforeRegex = /\b(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

export function lex(source: string): Lexed {
  const code = source.split("");
  const literals: Literal[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== "\n") code[k] = " ";
  };
  let lastSignificant = "";
  const regexMayStart = (at: number) => {
    if (source[at + 1] === ">" || lastSignificant === "<") return false; // JSX: `/>`, `</`
    if (operatorsBeforeRegex.has(lastSignificant) || lastSignificant === "") return true;
    return wordsBeforeRegex.test(source.slice(Math.max(0, at - 8), at).trimEnd());
  };

  function quoted(at: number): number {
    const quote = source[at]!;
    let k = at + 1;
    let value = "";
    while (source[k] !== quote) {
      if (k >= source.length || source[k] === "\n") throw new Error(`unterminated string at ${at}`);
      if (source[k] === "\\") {
        value += source[k + 1];
        k += 2;
      } else value += source[k++];
    }
    literals.push({ start: at, end: k + 1, value, templateHead: false });
    blank(at + 1, k);
    return k + 1;
  }

  function template(at: number): number {
    let k = at + 1;
    let head = "";
    let inHead = true;
    for (;;) {
      if (k >= source.length) throw new Error(`unterminated template at ${at}`);
      const c = source[k];
      if (c === "`") break;
      if (c === "\\") {
        if (inHead) head += source[k + 1];
        blank(k, k + 2);
        k += 2;
      } else if (c === "$" && source[k + 1] === "{") {
        if (inHead) literals.push({ start: at, end: k, value: head, templateHead: true });
        inHead = false;
        k = codeUntil(k + 2, true);
        k++; // the closing brace
      } else {
        if (inHead) head += c;
        blank(k, k + 1);
        k++;
      }
    }
    if (inHead) literals.push({ start: at, end: k + 1, value: head, templateHead: false });
    return k + 1;
  }

  function regex(at: number): number {
    let k = at + 1;
    let inClass = false;
    while (inClass || source[k] !== "/") {
      if (k >= source.length || source[k] === "\n") throw new Error(`unterminated regex at ${at}`);
      if (source[k] === "\\") k++;
      else if (source[k] === "[") inClass = true;
      else if (source[k] === "]") inClass = false;
      k++;
    }
    blank(at + 1, k);
    k++;
    while (/[a-z]/i.test(source[k] ?? "")) k++;
    return k;
  }

  /** Code until its end, or (in a template's `${}`) until the brace that closes it. */
  function codeUntil(from: number, inTemplate: boolean): number {
    let k = from;
    let depth = 0;
    while (k < source.length) {
      const c = source[k]!;
      if (c === "/" && source[k + 1] === "/") {
        const end = source.indexOf("\n", k);
        blank(k, end < 0 ? source.length : end);
        k = end < 0 ? source.length : end;
      } else if (c === "/" && source[k + 1] === "*") {
        const end = source.indexOf("*/", k + 2) + 2;
        blank(k, end);
        k = end;
      } else if (c === '"' || c === "'") {
        k = quoted(k);
        lastSignificant = "x";
      } else if (c === "`") {
        k = template(k);
        lastSignificant = "x";
      } else if (c === "/" && regexMayStart(k)) {
        k = regex(k);
        lastSignificant = "x";
      } else {
        if (c === "{") depth++;
        if (c === "}") {
          if (inTemplate && depth === 0) return k;
          depth--;
        }
        if (!/\s/.test(c)) lastSignificant = c;
        k++;
      }
    }
    if (inTemplate) throw new Error("unterminated template expression");
    return k;
  }

  codeUntil(0, false);
  return { code: code.join(""), literals };
}

/** The spans of the top-level arguments of the call whose "(" is at `open` (in lexed code). */
function argumentSpans(code: string, open: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let depth = 0;
  let start = open + 1;
  for (let k = open; k < code.length; k++) {
    const c = code[k];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) {
        spans.push({ start, end: k });
        return spans;
      }
    } else if (c === "," && depth === 1) {
      spans.push({ start, end: k });
      start = k + 1;
    }
  }
  return spans;
}

export type KeyUse = { key: string; kind: "call" | "prefix" | "data"; line: number };

const groups = new Set(Object.keys(english));
const looksLikeKey = (text: string) =>
  /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*\.?$/.test(text) && groups.has(text.split(".")[0]!);

/** The i18n keys used in one source text (see the top of this file). */
export function keyUses(source: string): KeyUse[] {
  const { code, literals } = lex(source);
  const lineOf = (at: number) => source.slice(0, at).split("\n").length;
  // The first argument of t(…) and englishText(…), the second of textIn(lang, …).
  const callSpans: { start: number; end: number }[] = [];
  for (const match of code.matchAll(/(?<![\w$])(t|englishText|textIn)\s*\(/g)) {
    const spans = argumentSpans(code, match.index + match[0].length - 1);
    const span = spans[match[1] === "textIn" ? 1 : 0];
    if (span) callSpans.push(span);
  }
  for (const match of code.matchAll(/\bi18nKey\s*=\s*\{?\s*/g)) {
    const start = match.index + match[0].length;
    callSpans.push({ start, end: start + 1 });
  }
  const inCall = (at: number) => callSpans.some((span) => at >= span.start && at <= span.end);
  const uses: KeyUse[] = [];
  for (const literal of literals) {
    if (literal.templateHead) {
      if (literal.value.endsWith(".") && looksLikeKey(literal.value)) {
        const prefix = literal.value.slice(0, -1);
        uses.push({ key: prefix, kind: "prefix", line: lineOf(literal.start) });
      }
      continue;
    }
    if (!looksLikeKey(literal.value) || literal.value.endsWith(".")) continue;
    if (inCall(literal.start)) {
      uses.push({ key: literal.value, kind: "call", line: lineOf(literal.start) });
    } else if (literal.value.includes(".") && nodeAt(english, literal.value) !== undefined) {
      uses.push({ key: literal.value, kind: "data", line: lineOf(literal.start) });
    }
  }
  return uses;
}

/** The app's own modules a source imports (code only: `import type` brings none). */
export function importsOf(file: string, source: string): string[] {
  const { code, literals } = lex(source);
  const found: string[] = [];
  for (const literal of literals) {
    const before = code.slice(Math.max(0, literal.start - 400), literal.start);
    const statement = before.slice(before.lastIndexOf(";") + 1);
    const isImport =
      /(^|\n)\s*(import|export)\b[^;]*\bfrom\s*$/.test(statement) ||
      /(^|\n)\s*import\s*$/.test(statement) ||
      /\bimport\s*\(\s*$/.test(statement);
    if (!isImport || /(^|\n)\s*(import|export)\s+type\b/.test(statement)) continue;
    const resolved = resolveModule(file, literal.value);
    if (resolved) found.push(resolved);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const suffix of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const candidate = base + suffix;
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every .ts and .tsx file of the app, tests left out. */
export function appSourceFiles(): string[] {
  return fs
    .readdirSync(appDir, { recursive: true, encoding: "utf8" })
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"),
    )
    .map((file) => path.join(appDir, file))
    .sort();
}

/** What one import or re-export statement takes from a module: some names, or all of it. */
export type ModuleLink = {
  target: string;
  names: ReadonlySet<string> | "all";
  reexport: boolean;
};

const specifierAt = (code: string, literal: Literal) =>
  code.slice(Math.max(0, literal.start - 400), literal.start);

/** The names an import or export clause (`{ a, b as c, type d }`, `X`, `* as ns`) takes. */
function clauseNames(clause: string, side: "source" | "local"): Set<string> | "all" {
  if (/\*/.test(clause)) return "all";
  const names = new Set<string>();
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[^}]*\}/, "")
    .replace(/,/g, " ")
    .trim();
  if (outside && !/^(import|export)$/.test(outside)) names.add("default");
  for (const part of braces?.[1]?.split(",") ?? []) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0 || words[0] === "type") continue;
    names.add(side === "source" ? words[0]! : words.at(-1)!);
  }
  return names;
}

/**
 * The modules one file links to, with the names it takes: what a bundler follows when it drops
 * unused exports. A door's `export { X } from "./x"` brings ./x only to a page that uses X.
 */
export function moduleLinks(file: string, source: string): ModuleLink[] {
  const { code, literals } = lex(source);
  const links: ModuleLink[] = [];
  for (const literal of literals) {
    const before = specifierAt(code, literal);
    const statement = before.slice(
      Math.max(before.lastIndexOf(";"), before.lastIndexOf("}\n")) + 1,
    );
    const fromClause = /(^|\n)\s*(import|export)\b([^;]*)\bfrom\s*$/.exec(statement);
    const bare = /(^|\n)\s*import\s*$/.test(statement) || /\bimport\s*\(\s*$/.test(statement);
    if (!fromClause && !bare) continue;
    if (fromClause && /^\s+type\b/.test(fromClause[3]!)) continue;
    const target = resolveModule(file, literal.value);
    if (!target) continue;
    const reexport = fromClause?.[2] === "export";
    const names = fromClause ? clauseNames(fromClause[3]!, "source") : "all";
    if (names !== "all" && names.size === 0) continue; // only types
    links.push({ target, names, reexport });
  }
  return links;
}

/** The names a module exports, its `export *` followed. */
export function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  const { code } = lex(source);
  for (const match of code.matchAll(
    /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|enum|type|interface)\s+([\w$]+)/g,
  )) {
    names.add(match[1]!);
  }
  if (/\bexport\s+default\b/.test(code)) names.add("default");
  for (const match of code.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) {
    const clause = clauseNames(`{${match[1]}}`, "local");
    if (clause !== "all") for (const name of clause) names.add(name);
  }
  for (const link of moduleLinks(file, source)) {
    if (link.reexport && link.names === "all") {
      for (const name of exportedNames(link.target, seen)) names.add(name);
    }
  }
  return names;
}
