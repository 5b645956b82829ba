/** Spec §4/§9: the header gains its shadow after 20 px; a scroll-hide header shows at ≤ 100 px. */
const shadowAfter = 20;
const alwaysShownUpTo = 100;
/** Ignore jitter (trackpads, rubber-banding) smaller than this. */
const tolerance = 6;

/**
 * Marks the header `data-scrolled` past 20 px and, for a header that is not fixed, `data-hidden`
 * while the visitor scrolls down past 100 px; scrolling up or reaching the top shows it again.
 * Attributes are set directly on the element (CSS does the rest), so scrolling never re-renders.
 * Plain DOM: a public page runs it without React (decision 048), the app from an effect.
 */
export function watchHeaderScroll(
  header: HTMLElement,
  { hideOnScroll }: { hideOnScroll: boolean },
) {
  let lastY = window.scrollY;
  let frame = 0;
  const set = (name: string, on: boolean) => {
    if (on) header.setAttribute(name, "");
    else header.removeAttribute(name);
  };
  const update = () => {
    frame = 0;
    const y = Math.max(0, window.scrollY);
    set("data-scrolled", y > shadowAfter);
    if (hideOnScroll) {
      // Never hide the header while something in it has focus (keyboard users, open menus).
      const focused = header.contains(document.activeElement);
      if (y <= alwaysShownUpTo || focused || y < lastY - tolerance) set("data-hidden", false);
      else if (y > lastY + tolerance) set("data-hidden", true);
    }
    if (Math.abs(y - lastY) > tolerance || y <= alwaysShownUpTo) lastY = y;
  };
  const onScroll = () => {
    frame ||= window.requestAnimationFrame(update);
  };
  const onFocus = () => set("data-hidden", false);
  update();
  window.addEventListener("scroll", onScroll, { passive: true });
  header.addEventListener("focusin", onFocus);
  return () => {
    window.removeEventListener("scroll", onScroll);
    header.removeEventListener("focusin", onFocus);
    window.cancelAnimationFrame(frame);
    set("data-hidden", false);
  };
}

/** The enhancer's entry: the header says whether it hides (`data-fixed` absent). */
export const enhanceHeaderScroll = (header: HTMLElement) =>
  void watchHeaderScroll(header, { hideOnScroll: header.dataset.fixed !== "true" });
