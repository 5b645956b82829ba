/**
 * The fuzz pass's inputs (issue 11, item 6): for one endpoint, a deterministic list of at least
 * `FUZZ_MIN_CASES` malformed requests — bodies that are not objects or not JSON, each known field
 * replaced by hostile values, wrong content types, broken query strings, oversized bodies.
 * Deterministic: the same seed gives the same list, so a failure can be replayed.
 */

import { mailCases, randomMailCase } from "./fuzz-mail-corpus";

export const FUZZ_MIN_CASES = 300;
const FUZZ_MAX_CASES = 320;

/** mulberry32: small, fast, good enough to pick inputs; the same seed gives the same sequence. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** A stable seed from the endpoint's name. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/** One malformed request: what is sent besides the endpoint's method, path, host and cookies. */
export type FuzzCase = {
  label: string;
  /** Raw query string (without `?`), sent exactly as written. */
  query?: string;
  /** Raw path segment for endpoints with a path parameter. */
  segment?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** undefined: the endpoint's usual type; null: no Content-Type header at all. */
  contentType?: string | null;
  /** How Content-Length is sent: the body's size (default), none (streamed), or a claim. */
  contentLength?: "truthful" | "none" | number;
};

/** The shape of input an endpoint reads. */
export type FuzzShape =
  | { kind: "json"; valid: Record<string, unknown>; limit: number }
  | { kind: "form"; valid: Record<string, string>; limit: number }
  | { kind: "multipart"; valid: Record<string, string>; fileField: string; limit: number }
  | { kind: "query"; valid: Record<string, string> }
  | { kind: "path"; valid: string }
  /** A raw mail (a bounce or complaint report), sent as message/rfc822. */
  | { kind: "mail"; valid: string; limit: number };

const long = (length: number, unit = "a") =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Strings that must never reach the database or a library unchecked. */
const nulStrings = ["\u0000", "a\u0000b", "owner@example.test\u0000", "\u0000".repeat(64)];
const surrogateStrings = ["\ud800", "\udfff", "a\ud83d", "\udc00\ud800", "x\ud800y"];
const unicodeStrings = [
  "\u202eevil\u202c",
  "\u200b\u200c\u200d",
  "\ufeff",
  "👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301\u0301",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\u0085\u2028\u2029",
  "\uffff\ufffe",
  "\u{10ffff}",
  "İıßﬀ",
  "\u0001\u001f\u007f",
  "\t\n\r ",
  "مرحبا\u200f",
  " ",
];
const scriptStrings = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "x}</style><script>alert(1)</script><style>",
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{7*7}}${7*7}",
];
const sqlStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "\\",
  "%' UNION SELECT NULL--",
  "$1::uuid",
  "\\x00",
];
const traversalStrings = [
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "//evil.example",
  "/\\evil.example",
  "file:///etc/passwd",
];
const formatStrings = [
  "",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "a@b",
  "@",
  "NaN",
  "1e309",
  "-0",
  "__proto__",
  "constructor",
];

/** Every hostile JSON value a field may be given, with a short name for the report. */
export function hostileValues(): Array<[string, unknown]> {
  const named = (group: string, items: unknown[]) =>
    items.map((value, i) => [`${group}#${i}`, value] as [string, unknown]);
  return [
    ...named("nul", nulStrings),
    ...named("surrogate", surrogateStrings),
    ...named("unicode", unicodeStrings),
    ...named("script", scriptStrings),
    ...named("sql", sqlStrings),
    ...named("traversal", traversalStrings),
    ...named("format", formatStrings),
    ...named("number", [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2]),
    ...named("boolean", [true, false]),
    ["null", null],
    ...named("array", [[], [1], ["x"], [[[]]], [{ a: 1 }]]),
    ...named("object", [{}, { a: 1 }, { __proto__: null, constructor: { prototype: { x: 1 } } }]),
    ...named("long", [long(80), long(81), long(255), long(257), long(5001), long(20_000, "é")]),
  ];
}

/** A lone surrogate can only be written as a JSON escape; JSON.stringify writes it so. */
const json = (value: unknown) => JSON.stringify(value);

function nonObjectBodies(): FuzzCase[] {
  const texts = ["null", "false", "true", "0", "-1", "1e309", '""', '"str"', "[]", "[{}]"];
  texts.push("[[[[[]]]]]", "[null]", '"\\u0000"', "1.5", "-0", "[1,2,3]", '"\\ud800"', "{}[]");
  return texts.map((body) => ({ label: `non-object body ${body}`, body }));
}

function invalidJsonBodies(validText: string): FuzzCase[] {
  const cuts = [1, Math.floor(validText.length / 2), validText.length - 1];
  const bodies: Array<[string, string]> = [
    ...cuts.map((at) => [`truncated at ${at}`, validText.slice(0, at)] as [string, string]),
    ["trailing comma", validText.replace(/}$/, ",}")],
    ["BOM", `\ufeff${validText}`],
    ["line comment", `// c\n${validText}`],
    ["block comment", `/* c */${validText}`],
    ["huge number", '{"n":1e999999}'],
    ["long number", `{"n":${"9".repeat(5000)}}`],
    ["deep arrays", `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
    ["deep object", `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`],
    ["deep value", `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`],
    ["single quotes", "{'a':'b'}"],
    ["bare key", "{a:1}"],
    ["NaN", '{"a":NaN}'],
    ["raw control", '{"a":"\u0001\n"}'],
    ["two objects", `${validText}${validText}`],
    ["garbage after", `${validText}garbage`],
    ["empty", ""],
    ["spaces", "   \n\t "],
    ["escaped NUL key", '{"\\u0000":1}'],
    ["surrogate key", '{"\\udc00":1}'],
    ["bad escape", '{"a":"\\x41"}'],
    ["short unicode escape", '{"a":"\\u12"}'],
  ];
  return bodies.map(([label, body]) => ({ label: `invalid JSON: ${label}`, body }));
}

/** Invalid UTF-8 (and valid UTF-8 that decodes to NUL or a surrogate) inside a JSON body. */
function badBytes(validText: string): FuzzCase[] {
  const sequences: Array<[string, number[]]> = [
    ["FF", [0xff]],
    ["overlong NUL", [0xc0, 0x80]],
    ["encoded surrogate", [0xed, 0xa0, 0x80]],
    ["truncated E0 A4", [0xe0, 0xa4]],
    ["continuation only", [0x80, 0x80]],
    ["raw NUL", [0x00]],
  ];
  const encoder = new TextEncoder();
  return sequences.map(([label, bytes]) => {
    const head = encoder.encode('{"x":"');
    const tail = encoder.encode(`",${validText.slice(1)}`);
    return {
      label: `invalid UTF-8 in JSON: ${label}`,
      body: new Uint8Array([...head, ...bytes, ...tail]),
    };
  });
}

function urlEncoded(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");
}

function contentTypeCases(validText: string, valid: Record<string, unknown>): FuzzCase[] {
  const form = urlEncoded(valid);
  const form_ = "application/x-www-form-urlencoded";
  const hiddenNul = JSON.stringify({ ...valid, a: "\u0000" });
  const hiddenSurrogate = JSON.stringify({ ...valid, a: "\ud800" });
  const multipart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`;
  return [
    { label: "JSON as text/plain", body: validText, contentType: "text/plain" },
    {
      label: "JSON as text/plain utf-16",
      body: validText,
      contentType: "text/plain;charset=utf-16",
    },
    { label: "JSON without content type", body: validText, contentType: null },
    { label: "JSON as latin1", body: validText, contentType: "application/json; charset=latin1" },
    { label: "JSON, type in capitals", body: validText, contentType: "APPLICATION/JSON" },
    { label: "JSON as xml", body: validText, contentType: "application/xml" },
    { label: "form body", body: form, contentType: "application/x-www-form-urlencoded" },
    {
      label: "form with %00",
      body: `${form}&x=%00`,
      contentType: "application/x-www-form-urlencoded",
    },
    {
      label: "form with %FF",
      body: `x=%FF&${form}`,
      contentType: "application/x-www-form-urlencoded",
    },
    {
      label: "form with lone %",
      body: `x=%&${form}`,
      contentType: "application/x-www-form-urlencoded",
    },
    { label: "form as JSON", body: form, contentType: "application/json" },
    // Issue 31: JSON whose escapes hide a NUL or a lone surrogate, under every other type (a
    // route that parses any body as JSON once stored it unchecked, as a 500).
    { label: "escaped NUL in JSON as a form", body: hiddenNul, contentType: form_ },
    { label: "escaped surrogate in JSON as a form", body: hiddenSurrogate, contentType: form_ },
    { label: "escaped NUL in JSON as text/plain", body: hiddenNul, contentType: "text/plain" },
    { label: "escaped NUL in JSON without content type", body: hiddenNul, contentType: null },
    {
      label: "escaped NUL in JSON as multipart",
      body: hiddenNul,
      contentType: "multipart/form-data; boundary=b7",
    },
    { label: "multipart", body: multipart("b1"), contentType: "multipart/form-data; boundary=b1" },
    { label: "multipart, no boundary", body: multipart("b2"), contentType: "multipart/form-data" },
    {
      label: "multipart, empty boundary",
      body: multipart(""),
      contentType: "multipart/form-data; boundary=",
    },
    {
      label: "multipart, wrong boundary",
      body: multipart("zz"),
      contentType: "multipart/form-data; boundary=b3",
    },
    {
      label: "multipart, long boundary",
      body: multipart(long(300)),
      contentType: `multipart/form-data; boundary=${long(300)}`,
    },
    {
      label: "multipart, unterminated",
      body: '--b4\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      contentType: "multipart/form-data; boundary=b4",
    },
    {
      label: "multipart with NUL",
      body: multipart("b5").replace("\r\nb\r\n", "\r\n\u0000\r\n"),
      contentType: "multipart/form-data; boundary=b5",
    },
    { label: "multipart JSON", body: validText, contentType: "multipart/form-data; boundary=b6" },
    {
      label: "octet-stream bytes",
      body: new Uint8Array([0, 1, 2, 255, 254]),
      contentType: "application/octet-stream",
    },
    {
      label: "JSON, odd parameters",
      body: validText,
      contentType: "application/json; boundary=x; charset=",
    },
  ];
}

/** Raw query strings that no strict decoder may accept, plus shapes handlers may not expect. */
function queryCases(name: string, validQuery: string): FuzzCase[] {
  const extra = (raw: string) => (validQuery ? `${validQuery}&${raw}` : raw);
  const values = [
    "%00",
    "a%00b",
    "%FF",
    "%E0%A4",
    "%",
    "%%",
    "%ZZ",
    "%C0%80",
    "%ED%A0%80",
    "%EF%BF%BF",
    "%F4%90%80%80",
    "+",
    "%2B",
    "",
    long(2_000),
    long(9_000),
    "%E2%80%AE%E2%80%8B",
    encodeURIComponent("<script>alert(1)</script>"),
    encodeURIComponent("' OR 1=1 --"),
    encodeURIComponent("../../etc/passwd"),
    "%F0%9F%91%A9%E2%80%8D%F0%9F%91%A9",
    "-1",
    "1e309",
    "NaN",
    "true",
    "null",
    "%7B%7D",
    "%5B%5D",
    "__proto__",
    "0x10",
    "9".repeat(400),
  ];
  return [
    ...values.map((value) => ({
      label: `query ${name}=${value.slice(0, 24)}`,
      query: extra(`${name}=${value}`),
    })),
    { label: `query ${name} repeated`, query: extra(`${name}=1&${name}=2&${name}=%00`) },
    { label: `query ${name}[]`, query: extra(`${name}[]=1&${name}[]=2`) },
    { label: `query ${name}[a]`, query: extra(`${name}[a]=1`) },
    { label: `query ${name} without =`, query: extra(name) },
    { label: `query ${name} %00 name`, query: extra(`${name}%00=1`) },
  ];
}

function genericQueryCases(validQuery: string): FuzzCase[] {
  const extra = (raw: string) => (validQuery ? `${validQuery}&${raw}` : raw);
  const raws = [
    "%00=1",
    "=x",
    "&&&==",
    "__proto__[x]=1",
    "constructor[prototype][x]=1",
    "%=%",
    "a=%",
    "a=%FF%FE",
    "a=%ED%B0%80",
    Array.from({ length: 500 }, (_, i) => `k${i}=${i}`).join("&"),
    `long=${long(60_000)}`,
    "a=1;b=2",
    "a=%0D%0ASet-Cookie:x=1",
    "a=%u0041",
  ];
  return raws.map((raw) => ({ label: `query junk ${raw.slice(0, 24)}`, query: extra(raw) }));
}

function oversized(limit: number, contentType: string): FuzzCase[] {
  const body = `{"pad":"${long(limit + 16)}"}`;
  return [
    { label: "oversized, truthful length", body, contentType },
    { label: "oversized, no length", body, contentType, contentLength: "none" },
    { label: "oversized, claims 10 bytes", body, contentType, contentLength: 10 },
    { label: "small, claims a terabyte", body: "{}", contentType, contentLength: 2 ** 40 },
    { label: "length not a number", body: "{}", contentType, contentLength: Number.NaN },
  ];
}

/** A random string from every plane, lone surrogates and NUL included now and then. */
function randomText(random: Random): string {
  const length = random.int(40);
  let text = "";
  for (let i = 0; i < length; i++) {
    const roll = random.next();
    if (roll < 0.03) text += "\u0000";
    else if (roll < 0.06) text += String.fromCharCode(0xd800 + random.int(0x800));
    else if (roll < 0.5) text += String.fromCharCode(32 + random.int(95));
    else text += String.fromCodePoint(random.int(0x10ffff + 1 - 0x800) + (roll < 0.75 ? 0 : 0x800));
  }
  return text;
}

/**
 * Percent-encodes each UTF-16 unit as its generalized UTF-8 bytes (WTF-8): a lone surrogate
 * becomes %ED%A0%80, which no strict decoder may accept.
 */
function rawEscape(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
      unit = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(unit)) && unit < 128) {
      out += String.fromCharCode(unit);
      continue;
    }
    const bytes =
      unit < 0x80
        ? [unit]
        : unit < 0x800
          ? [0xc0 | (unit >> 6), 0x80 | (unit & 63)]
          : unit < 0x10000
            ? [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
            : [
                0xf0 | (unit >> 18),
                0x80 | ((unit >> 12) & 63),
                0x80 | ((unit >> 6) & 63),
                0x80 | (unit & 63),
              ];
    out += bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
  return out;
}

function randomValue(random: Random, depth = 0): unknown {
  const roll = random.int(depth > 2 ? 5 : 8);
  if (roll === 0) return randomText(random);
  if (roll === 1) return random.pick(hostileValues())[1];
  if (roll === 2) return (random.next() - 0.5) * 10 ** random.int(20);
  if (roll === 3) return random.next() < 0.5;
  if (roll === 4) return null;
  if (roll === 5)
    return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: random.int(4) }, () => [
      randomText(random),
      randomValue(random, depth + 1),
    ]),
  );
}

/** Deterministic fill-up cases: random fields, values and wrappings of the valid body. */
function randomBodyCase(random: Random, valid: Record<string, unknown>, n: number): FuzzCase {
  const paths = fieldPaths(valid);
  let body: unknown = valid;
  const touched: string[] = [];
  for (let i = 0, count = 1 + random.int(3); i < count; i++) {
    const path = paths.length && random.next() < 0.8 ? random.pick(paths) : [randomText(random)];
    body = withField(body, path, randomValue(random));
    touched.push(path.join(".").slice(0, 16));
  }
  const contentType = random.pick(["application/json", "application/json", "text/plain", null]);
  return { label: `random #${n} (${touched.join(",")})`, body: json(body), contentType };
}

function randomQueryCase(random: Random, valid: Record<string, string>, n: number): FuzzCase {
  const keys = Object.keys(valid);
  const params = { ...valid } as Record<string, string>;
  const key = keys.length && random.next() < 0.8 ? random.pick(keys) : randomText(random);
  const value = randomText(random);
  params[key] = value;
  // Half of them percent-encoded as a browser would (lone surrogates become %EF%BF%BD there),
  // half with raw escapes that no browser sends.
  const raw = Object.entries(params)
    .map(([k, v]) =>
      random.next() < 0.5
        ? `${encodeURIComponent(k.toWellFormed())}=${encodeURIComponent(v.toWellFormed())}`
        : `${rawEscape(k)}=${rawEscape(v)}`,
    )
    .join("&");
  return { label: `random query #${n} (${key.slice(0, 12)})`, query: raw };
}

/** Every field of a body at any depth (`value.header.0.label`), containers included. */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== "object") return [];
  return Object.keys(value).flatMap((key) => {
    const path = [...prefix, key];
    return [path, ...fieldPaths((value as Record<string, unknown>)[key], path)];
  });
}

/** A copy of `body` with the field at `path` set to `value` (or removed when `drop`). */
function withField(body: unknown, path: string[], value: unknown, drop = false): unknown {
  const [key, ...rest] = path;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<
    string,
    unknown
  >;
  if (rest.length) copy[key!] = withField(copy[key!], rest, value, drop);
  else if (drop) delete copy[key!];
  else copy[key!] = value;
  return copy;
}

function fieldCases(
  valid: Record<string, unknown>,
  encode: (body: Record<string, unknown>) => string,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const path of fieldPaths(valid)) {
    const field = path.join(".");
    for (const [name, value] of hostileValues()) {
      cases.push({
        label: `${field} ← ${name}`,
        body: encode(withField(valid, path, value) as Record<string, unknown>),
      });
    }
    cases.push({
      label: `${field} missing`,
      body: encode(withField(valid, path, null, true) as Record<string, unknown>),
    });
  }
  const prototypeBodies: Array<[string, string]> = [
    ["__proto__ key", `{"__proto__":{"isSuperAdmin":true},${json(valid).slice(1)}`],
    ["constructor key", `{"constructor":{"prototype":{"x":1}},${json(valid).slice(1)}`],
    ["NUL key", `{"a\\u0000":1,${json(valid).slice(1)}`],
    [
      "1000 keys",
      json({
        ...valid,
        ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
      }),
    ],
    ["duplicate keys", `${json(valid).slice(0, -1)},${json(valid).slice(1)}`],
    ["all null", json(Object.fromEntries(Object.keys(valid).map((k) => [k, null])))],
  ];
  for (const [label, body] of prototypeBodies) cases.push({ label, body });
  return cases;
}

type Part = { name: string; value: string | Uint8Array; filename?: string; type?: string };

/** A multipart/form-data body, written by hand so that names and files can be anything. */
export function multipartBody(parts: Part[], boundary = "fuzzBoundary7MA4YWxk"): FuzzCase {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const file = part.filename === undefined ? "" : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}${type}\r\n\r\n`,
      ),
    );
    chunks.push(typeof part.value === "string" ? encoder.encode(part.value) : part.value);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { label: "multipart", body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG header claiming `width` × `height` pixels, with no image data after it. */
function pngHeader(width: number, height: number): Uint8Array {
  const ihdr = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  const be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  return new Uint8Array([
    ...pngSignature,
    ...ihdr,
    ...be(width),
    ...be(height),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
}

function uploadCases(valid: Record<string, string>, fileField: string, random: Random): FuzzCase[] {
  const bytes = (length: number) => new Uint8Array(Array.from({ length }, () => random.int(256)));
  const files: Array<[string, Uint8Array, string, string]> = [
    ["random bytes as png", bytes(2_000), "a.png", "image/png"],
    ["png signature only", new Uint8Array(pngSignature), "a.png", "image/png"],
    ["png claiming 100000²", pngHeader(100_000, 100_000), "big.png", "image/png"],
    ["png claiming 0×0", pngHeader(0, 0), "zero.png", "image/png"],
    [
      "gif header",
      new TextEncoder().encode("GIF89a\u0001\u0000\u0001\u0000"),
      "a.gif",
      "image/gif",
    ],
    [
      "svg with script",
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      "a.svg",
      "image/svg+xml",
    ],
    [
      "svg billion laughs",
      new TextEncoder().encode(
        '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&c;</text></svg>',
      ),
      "l.svg",
      "image/svg+xml",
    ],
    ["empty file", new Uint8Array(0), "empty.png", "image/png"],
    [
      "html as image",
      new TextEncoder().encode("<html><script>alert(1)</script>"),
      "a.png",
      "image/png",
    ],
    ["NUL file name", bytes(100), "a\u0000.png", "image/png"],
    ["traversal file name", bytes(100), "../../../etc/passwd", "image/png"],
    ["odd type", bytes(100), "a.png", "\u0000/\u0000"],
    ["no type", bytes(100), "a.png", ""],
  ];
  const cases = files.map(([label, file, filename, type]) => ({
    ...multipartBody([
      ...Object.entries(valid).map(([name, value]) => ({ name, value })),
      { name: fileField, value: file, filename, type },
    ]),
    label: `upload: ${label}`,
  }));
  cases.push({
    ...multipartBody(Object.entries(valid).map(([name, value]) => ({ name, value }))),
    label: "upload: no file",
  });
  cases.push({
    ...multipartBody([{ name: fileField, value: "text, not a file" }]),
    label: "upload: file as text",
  });
  cases.push({
    ...multipartBody([
      { name: fileField, value: bytes(10), filename: "a", type: "image/png" },
      { name: fileField, value: bytes(10), filename: "b", type: "image/png" },
    ]),
    label: "upload: two files",
  });
  cases.push({
    ...multipartBody([{ name: "a\u0000", value: "x" }]),
    label: "upload: NUL field name",
  });
  cases.push({
    ...multipartBody([
      { name: "__proto__", value: "x" },
      { name: "constructor", value: "y" },
    ]),
    label: "upload: prototype names",
  });
  for (const [field] of Object.entries(valid)) {
    for (const [name, value] of hostileValues()) {
      const text = typeof value === "string" ? value : json(value);
      cases.push({
        ...multipartBody([
          { name: field, value: text.toWellFormed() },
          { name: fileField, value: bytes(64), filename: "a.png", type: "image/png" },
        ]),
        label: `${field} ← ${name}`,
      });
    }
  }
  return cases;
}

/** Caps a list deterministically, keeping its order. */
function sample(cases: FuzzCase[], max: number, random: Random): FuzzCase[] {
  if (cases.length <= max) return cases;
  const keep = new Set<number>();
  while (keep.size < max) keep.add(random.int(cases.length));
  return cases.filter((_, i) => keep.has(i));
}

/** The endpoint's malformed inputs: at least FUZZ_MIN_CASES, at most FUZZ_MAX_CASES. */
export function corpusFor(name: string, shape: FuzzShape): FuzzCase[] {
  const random = seededRandom(seedOf(name));
  let fixed: FuzzCase[];
  let fill: (n: number) => FuzzCase;
  if (shape.kind === "json") {
    const validText = json(shape.valid);
    const general = [
      ...nonObjectBodies(),
      ...invalidJsonBodies(validText),
      ...badBytes(validText),
      ...contentTypeCases(validText, shape.valid),
      ...queryCases("q", "")
        .slice(0, 12)
        .map((c) => ({ ...c, body: validText })),
      ...oversized(shape.limit, "application/json"),
    ];
    const fields = fieldCases(shape.valid, json);
    fixed = [...general, ...sample(fields, FUZZ_MAX_CASES - general.length - 20, random)];
    fill = (n) => randomBodyCase(random, shape.valid, n);
  } else if (shape.kind === "form") {
    const encode = (body: Record<string, unknown>) =>
      Object.entries(body)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v.toWellFormed() : json(v))}`,
        )
        .join("&");
    const validText = encode(shape.valid);
    const general = [
      ...nonObjectBodies().map((c) => ({ ...c, contentType: "application/json" })),
      ...invalidJsonBodies(json(shape.valid)).map((c) => ({
        ...c,
        contentType: "application/json",
      })),
      ...contentTypeCases(json(shape.valid), shape.valid),
      ...queryCases("x", validText).map((c) => ({ label: `form ${c.label}`, body: c.query! })),
      ...oversized(shape.limit, "application/x-www-form-urlencoded"),
    ];
    const fields = fieldCases(shape.valid, encode);
    // Raw escapes in form bodies, as json cannot write them.
    const rawFields = Object.keys(shape.valid).flatMap((field) =>
      queryCases(field, "").map((c) => ({ label: `form ${c.label}`, body: c.query! })),
    );
    fixed = [
      ...general,
      ...sample([...fields, ...rawFields], FUZZ_MAX_CASES - general.length - 20, random),
    ];
    fill = (n) => {
      const { label, query } = randomQueryCase(random, shape.valid, n);
      return { label: `form ${label}`, body: query };
    };
  } else if (shape.kind === "multipart") {
    const validText = json(shape.valid);
    const general = [
      ...nonObjectBodies().map((c) => ({ ...c, contentType: "application/json" })),
      ...invalidJsonBodies(validText)
        .slice(0, 8)
        .map((c) => ({ ...c, contentType: "application/json" })),
      ...contentTypeCases(validText, shape.valid),
      ...oversized(shape.limit, "multipart/form-data; boundary=x"),
    ];
    fixed = [
      ...general,
      ...sample(
        uploadCases(shape.valid, shape.fileField, random),
        FUZZ_MAX_CASES - general.length - 20,
        random,
      ),
    ];
    fill = (n) => ({
      ...multipartBody([
        ...Object.keys(shape.valid).map((name) => ({
          name,
          value: randomText(random).toWellFormed(),
        })),
        {
          name: shape.fileField,
          value: new Uint8Array(Array.from({ length: random.int(4000) }, () => random.int(256))),
          filename: "r.png",
          type: random.pick(["image/png", "image/jpeg", "image/webp", "application/octet-stream"]),
        },
      ]),
      label: `random upload #${n}`,
    });
  } else if (shape.kind === "mail") {
    const general = [
      ...nonObjectBodies(),
      ...contentTypeCases(shape.valid, {}),
      ...oversized(shape.limit, "message/rfc822"),
    ];
    fixed = [
      ...general,
      ...sample(mailCases(shape.valid), FUZZ_MAX_CASES - general.length - 20, random),
    ];
    fill = (n) => randomMailCase(random, shape.valid, randomText, n);
  } else if (shape.kind === "query") {
    const validQuery = new URLSearchParams(shape.valid).toString();
    const perField = Object.keys(shape.valid).flatMap((field) => queryCases(field, validQuery));
    const general = [...genericQueryCases(validQuery), ...queryCases("zz", validQuery)];
    fixed = [...general, ...sample(perField, FUZZ_MAX_CASES - general.length - 20, random)];
    fill = (n) => randomQueryCase(random, shape.valid, n);
  } else {
    const segments = [
      // Well formed and naming nothing: it reaches the route whatever pattern its parameter
      // has (a sample of the corpus always sends it: fuzz-pass.ts).
      "zz-unknown-0",
      ...queryCases("", "").map((c) => c.query!.replace(/^=/, "")),
      ...genericQueryCases("").map((c) => c.query!),
      "..",
      "%2e%2e",
      "%2F",
      "%5C",
      "a%2Fb",
      "%00.json",
      "x.data",
      long(3_000),
    ].filter((segment) => !segment.includes("/"));
    fixed = segments.map((segment) => ({ label: `segment ${segment.slice(0, 24)}`, segment }));
    fill = (n) => ({
      label: `random segment #${n}`,
      segment: rawEscape(randomText(random)) || "x",
    });
  }
  const cases = [...fixed];
  for (let n = 0; cases.length < FUZZ_MIN_CASES + 5; n++) cases.push(fill(n));
  return cases.slice(0, FUZZ_MAX_CASES);
}
