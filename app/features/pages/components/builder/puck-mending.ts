import { useEffect, type KeyboardEvent, type RefObject } from "react";

/** The words the mended markup needs, in the editor's language. */
export type MendingWords = {
  /** The canvas's name (a scrolling region on narrow screens). */
  canvas: string;
  /** What a movable block or drawer item is called, for `aria-roledescription`. */
  draggable: string;
  /** What a movable block or drawer item does, for its description (dnd-kit's hidden text). */
  dragInstructions: string;
  /** A block's name in the builder, by its id (the block list's label), if known. */
  blockName: (id: string) => string | undefined;
};

const navItemSelector = '[class*="_NavItem-link_"]';
const outlineRowSelector = '[class*="_Layer-inner_"]';
/** What dnd-kit puts on a draggable (and puts back, when absent, as draggables come and go). */
const draggableAttributes = [
  "role",
  "tabindex",
  "aria-roledescription",
  "aria-describedby",
  "aria-pressed",
  "aria-grabbed",
  "aria-disabled",
];

/**
 * Gaps of Puck's markup (0.23), mended as its parts appear; Puck offers no option for them:
 * - its spinner is a span with an aria-label and no role (ignored by assistive technology);
 * - its canvas scrolls on narrow screens without being reachable by keyboard: it becomes a
 *   named, focusable region;
 * - its panel bar (blocks, outline, fields: the only way to the panels on a phone) is made of
 *   clickable divs: they become buttons, pressed when their panel shows (keys: onBuilderKeyDown);
 * - a block in the canvas is a button whose name would be its whole preview, whose links (a
 *   course list's cards) nest focusable controls in it, and which no key presses: it is named
 *   after its block, its preview made inert (blocks holding blocks, columns, keep theirs
 *   reachable), and Enter or Space selects it, as a click does (onBuilderKeyDown);
 * - the outline's rows are draggable "buttons" holding the row's real buttons (select,
 *   duplicate, delete): Puck has no keyboard dragging (a pointer sensor only), so the rows lose
 *   the drag library's button semantics and stay containers of their buttons — a pointer still
 *   drags them;
 * - the drag library's (dnd-kit) role description and instructions are English, and the
 *   instructions describe keyboard dragging Puck does not offer: they say what works.
 */
export function usePuckMending(root: RefObject<HTMLDivElement | null>, words: MendingWords) {
  useEffect(() => {
    const holder = root.current;
    if (!holder) return;
    const set = (element: Element, name: string, value: string) => {
      if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    };
    const mend = () => {
      for (const span of holder.querySelectorAll("span[aria-label]:not([role])"))
        span.setAttribute("role", "img");
      for (const canvas of holder.querySelectorAll('[class*="_PuckCanvas_"]:not([tabindex])')) {
        canvas.setAttribute("tabindex", "0");
        canvas.setAttribute("role", "region");
        canvas.setAttribute("aria-label", words.canvas);
      }
      for (const item of holder.querySelectorAll(navItemSelector)) {
        set(item, "role", "button");
        set(item, "tabindex", "0");
        const active = item.parentElement?.className.includes("_NavItem--active_") ?? false;
        set(item, "aria-pressed", String(active));
      }
      for (const row of holder.querySelectorAll(`${outlineRowSelector}[role]`))
        for (const name of draggableAttributes) row.removeAttribute(name);
      for (const draggable of holder.querySelectorAll("[aria-roledescription]"))
        set(draggable, "aria-roledescription", words.draggable);
      for (const block of holder.querySelectorAll<HTMLElement>("[data-puck-component]")) {
        const name = words.blockName(block.dataset.puckComponent ?? "");
        if (name) set(block, "aria-label", name);
        for (const part of block.children)
          if (!part.querySelector("[data-puck-component]")) set(part, "inert", "");
      }
      for (const hidden of document.querySelectorAll('[id^="dnd-kit-description"]'))
        if (hidden.textContent !== words.dragInstructions)
          hidden.textContent = words.dragInstructions;
    };
    let frame = 0;
    const later = () => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), mend()));
    };
    mend();
    const observer = new MutationObserver(later);
    // Class changes too (the panel bar marks its current panel by a class only), and roles
    // (dnd-kit gives an outline row its button role back when draggables come and go).
    observer.observe(holder, {
      childList: true,
      subtree: true,
      attributeFilter: ["class", "role"],
    });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [root, words]);
}

/**
 * Enter and Space press the panel bar's mended buttons and select a canvas block, as a click
 * does (Puck listens for clicks only).
 */
export function onBuilderKeyDown(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (event.key !== "Enter" && event.key !== " ") return;
  if (target.matches(navItemSelector) || target.hasAttribute("data-puck-component")) {
    event.preventDefault();
    target.click();
  }
}
