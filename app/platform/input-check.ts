/**
 * The one boundary rule for what a request may carry, before any handler, library or the
 * database sees it: text is well-formed Unicode without NUL (PostgreSQL refuses NUL in text,
 * and a lone surrogate cannot be stored as UTF-8), and a JSON body is an object.
 */

export type InputFault =
  | { kind: "encoding"; where: string }
  | { kind: "nul"; where: string }
  | { kind: "notObject"; where: string }
  | { kind: "syntax"; where: string }
  | { kind: "depth"; where: string };

/**
 * How deeply a JSON body may nest. Settings and menus need a dozen levels; thousands overflow
 * the stack of whatever walks them recursively (JSON.stringify on the way to a jsonb column,
 * a library's deep merge), so they are refused here rather than failing as a 500 there.
 */
export const MAX_JSON_DEPTH = 64;

/** A NUL, or a UTF-16 surrogate without its partner, in the string. */
export function badCharacter(text: string): "nul" | "encoding" | null {
  if (text.includes("\u0000")) return "nul";
  // isWellFormed: Node 20+; lone surrogates come from JSON escapes such as "\ud800".
  return text.isWellFormed() ? null : "encoding";
}

/** Every string (keys too) in a parsed JSON value, checked; the first fault found. */
export function checkJsonValue(value: unknown, where = "body"): InputFault | null {
  const stack: Array<[unknown, string, number]> = [[value, where, 0]];
  while (stack.length) {
    const [item, at, depth] = stack.pop()!;
    if (typeof item === "string") {
      const fault = badCharacter(item);
      if (fault) return { kind: fault, where: at };
    } else if (item !== null && typeof item === "object") {
      // The path is not spelt out past the limit: a 10 000-level body would make it huge.
      if (depth >= MAX_JSON_DEPTH) return { kind: "depth", where };
      if (Array.isArray(item)) {
        item.forEach((child, index) => stack.push([child, `${at}.${index}`, depth + 1]));
        continue;
      }
      for (const [key, child] of Object.entries(item)) {
        const fault = badCharacter(key);
        if (fault) return { kind: fault, where: at };
        stack.push([child, `${at}.${key}`, depth + 1]);
      }
    }
  }
  return null;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Bytes as UTF-8 text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * A JSON document of any shape (a mail relay's webhook posts an array of events): valid UTF-8,
 * valid JSON, clean text.
 */
export function checkJsonDocument(bytes: Uint8Array): InputFault | null {
  const text = decodeUtf8(bytes);
  if (text === null) return { kind: "encoding", where: "body" };
  try {
    return checkJsonValue(JSON.parse(text));
  } catch {
    return { kind: "syntax", where: "body" };
  }
}

/** A JSON body: valid UTF-8, valid JSON, an object (not null, an array or a scalar), clean text. */
export function checkJsonBody(bytes: Uint8Array): InputFault | null {
  const text = decodeUtf8(bytes);
  if (text === null) return { kind: "encoding", where: "body" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "syntax", where: "body" };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { kind: "notObject", where: "body" };
  return checkJsonValue(value);
}

/** One percent-encoded component, strictly: malformed escapes or invalid UTF-8 are faults. */
function decodeComponent(raw: string, where: string): InputFault | null {
  let text: string;
  try {
    text = decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return { kind: "encoding", where };
  }
  const fault = badCharacter(text);
  return fault ? { kind: fault, where } : null;
}

/** A query string or a urlencoded form body (`a=1&b=2`), every name and value checked. */
export function checkUrlEncoded(encoded: string, where: string): InputFault | null {
  for (const pair of encoded.split("&")) {
    if (!pair) continue;
    const [name = "", ...rest] = pair.split("=");
    const fault =
      decodeComponent(name, where) ?? decodeComponent(rest.join("="), `${where}.${name}`);
    if (fault) return fault;
  }
  return null;
}

/** The path: each segment decodes to clean text. */
export function checkPath(pathname: string): InputFault | null {
  for (const segment of pathname.split("/")) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return { kind: "encoding", where: "path" };
    }
    const fault = badCharacter(text);
    if (fault) return { kind: fault, where: "path" };
  }
  return null;
}

/** The text fields of a multipart form (files are judged by their own handlers). */
export function checkFormData(form: FormData): InputFault | null {
  for (const [name, value] of form.entries()) {
    const fault = badCharacter(name) ?? (typeof value === "string" ? badCharacter(value) : null);
    if (fault) return { kind: fault, where: `body.${name}` };
  }
  return null;
}
