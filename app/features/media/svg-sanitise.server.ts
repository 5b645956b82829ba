import type { DOMPurify as Purifier, WindowLike } from "dompurify";

const SVG_NS = "http://www.w3.org/2000/svg";

/** CSS as the browser reads it: comments gone, `\69` and `\i` escapes decoded, lower case. */
function decodedCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    })
    .replace(/\\\n/g, "")
    .replace(/\\(.)/gs, "$1")
    .toLowerCase();
}

/**
 * Whether CSS (a `<style>`, a `style` or presentation attribute) reaches outside the file or
 * runs anything: an `@import`, a `url()` to anything but a `#fragment` of the file itself,
 * `image-set()`/`src()`, old IE's `expression()`/`behavior`, Firefox's `-moz-binding`. Read raw and
 * decoded, so `@\69mport` and `u\72l(` count; a match drops the whole style, never an edit
 * (an edited escape could decode to something new).
 */
export function cssReachesOut(text: string): boolean {
  for (const form of [text.toLowerCase(), decodedCss(text)]) {
    if (
      /@import|expression\s*\(|-moz-binding|behavior\s*:|image-set\s*\(|\bsrc\s*\(|javascript:/.test(
        form,
      )
    )
      return true;
    for (const match of form.matchAll(/url\s*\(\s*['"]?\s*([^'")\s]*)/g))
      if (!match[1]!.startsWith("#")) return true;
  }
  return false;
}

type Sanitiser = { window: WindowLike & typeof globalThis; purify: Purifier };
let sanitiser: Promise<Sanitiser> | null = null;

/**
 * DOMPurify on a jsdom window, made on the first SVG upload: jsdom costs tens of MB and a
 * noticeable start, which no process that never sees an SVG should pay.
 */
function load(): Promise<Sanitiser> {
  sanitiser ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import("jsdom"),
      import("dompurify"),
    ]);
    const { window } = new JSDOM("");
    const purify = createDOMPurify(window as unknown as WindowLike);
    purify.addHook("afterSanitizeAttributes", (node) => {
      for (const attribute of Array.from(node.attributes ?? [])) {
        const name = attribute.name.toLowerCase();
        const value = attribute.value.trim();
        // Links and references only inside the file: no outside fetch, no data: document.
        const outside =
          (name === "href" || name === "xlink:href") &&
          !value.startsWith("#") &&
          !(node.localName === "image" && /^data:image\/(png|jpeg|gif|webp|avif);/i.test(value));
        if (outside || cssReachesOut(attribute.value)) node.removeAttribute(attribute.name);
      }
    });
    purify.addHook("afterSanitizeElements", (node) => {
      if (node.nodeName.toLowerCase() === "style" && cssReachesOut(node.textContent ?? ""))
        node.textContent = "";
    });
    return { window: window as unknown as Sanitiser["window"], purify };
  })();
  return sanitiser;
}

/**
 * An SVG with nothing that can run or reach out, by DOMPurify's SVG profile (scripts, handlers,
 * `foreignObject`, `use`, animation of `href`, `javascript:` however encoded) plus our rules for
 * outside references in links and CSS; or null when the text is not an SVG document. Parsed as
 * XML, as a browser opening the file would; only the root element is kept (no processing
 * instruction such as `<?xml-stylesheet?>` survives).
 */
export async function sanitiseSvg(text: string): Promise<string | null> {
  const { window, purify } = await load();
  const doc = new window.DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (
    !root ||
    root.namespaceURI !== SVG_NS ||
    root.localName !== "svg" ||
    doc.getElementsByTagName("parsererror").length > 0
  )
    return null;
  purify.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
}
