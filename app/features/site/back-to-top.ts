/** Spec §9: the button appears after 200 px of scroll. */
const showAfter = 200;
export const ringRadius = 23;
export const ringCircumference = 2 * Math.PI * ringRadius;

function scrollPercent(): number {
  const max = document.documentElement.scrollHeight - window.innerHeight;
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((window.scrollY / max) * 100)));
}

/**
 * Shows the back-to-top button past 200 px (`data-visible`) and fills its ring (`data-ring`) and
 * its percentage (`data-percent`) with how far down the page the visitor is. Set directly on the
 * elements, so scrolling never re-renders. Plain DOM: a public page runs it without React
 * (decision 048), the app from an effect.
 */
export function watchBackToTop(button: HTMLElement) {
  const ring = button.querySelector("[data-ring]");
  const percentText = button.querySelector("[data-percent]");
  let frame = 0;
  let shown = -1;
  const update = () => {
    frame = 0;
    if (window.scrollY > showAfter) button.setAttribute("data-visible", "");
    else button.removeAttribute("data-visible");
    const percent = scrollPercent();
    if (percent === shown) return;
    shown = percent;
    ring?.setAttribute("stroke-dashoffset", String(ringCircumference * (1 - percent / 100)));
    if (percentText) percentText.textContent = `${percent}%`;
  };
  const onScroll = () => {
    frame ||= window.requestAnimationFrame(update);
  };
  update();
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", onScroll, { passive: true });
  return () => {
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("resize", onScroll);
    window.cancelAnimationFrame(frame);
  };
}

export function scrollToTop() {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  // Keyboard users continue from the top of the page, not from a button that disappears.
  document.getElementById("skip-to-content")?.focus({ preventScroll: true });
}

/** The enhancer's entry: the button as the server rendered it. */
export function enhanceBackToTop(button: HTMLElement) {
  watchBackToTop(button);
  button.addEventListener("click", scrollToTop);
}
