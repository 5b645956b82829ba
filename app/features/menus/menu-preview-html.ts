import type { MenuItem } from "./menus-option";

/** What a megamenu column may keep in the editor's preview: text formatting and links. */
const keptTags = new Set([
  "a",
  "b",
  "br",
  "em",
  "h3",
  "h4",
  "h5",
  "h6",
  "i",
  "li",
  "ol",
  "p",
  "small",
  "span",
  "strong",
  "u",
  "ul",
]);
/** Dropped with everything inside them; any other unknown tag keeps its text. */
const droppedTags = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
]);
const safeHref = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;

/**
 * A megamenu column's HTML made safe to show in the editor's preview, in the browser: parsed in
 * an inert document (nothing runs, nothing loads) and rebuilt from an allowlist, with no
 * attribute but a link's address. The public site sanitises on the server (loadSiteChrome); an
 * unsaved draft never goes there. Without a DOM (server rendering) only the text is kept.
 */
export function previewHtml(html: string): string {
  if (typeof DOMParser === "undefined" || typeof document === "undefined") {
    return html.replace(/<[^>]*>/g, " ").replace(/[<>&"]/g, " ");
  }
  const source = new DOMParser().parseFromString(html, "text/html");
  const target = document.implementation.createHTMLDocument("");
  const root = target.createElement("div");
  const copy = (from: Node, into: Element) => {
    for (const child of Array.from(from.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.append(target.createTextNode(child.textContent ?? ""));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const element = child as Element;
      const tag = element.tagName.toLowerCase();
      if (droppedTags.has(tag)) continue;
      if (!keptTags.has(tag)) {
        copy(element, into);
        continue;
      }
      const kept = target.createElement(tag);
      if (tag === "a") {
        const href = element.getAttribute("href")?.trim() ?? "";
        if (safeHref.test(href)) kept.setAttribute("href", href);
        kept.setAttribute("rel", "noopener noreferrer");
      }
      copy(element, kept);
      into.append(kept);
    }
  };
  copy(source.body, root);
  return root.innerHTML;
}

/** The menu with every megamenu column made safe for the preview. */
export function previewMenu(items: MenuItem[]): MenuItem[] {
  return items.map((item) => ({
    ...item,
    mega_menu: item.mega_menu && {
      ...item.mega_menu,
      columns: item.mega_menu.columns.map((column) => ({
        ...column,
        content: previewHtml(column.content),
      })),
    },
    children: item.children && previewMenu(item.children),
  }));
}
