// The site frame's plain-DOM behaviours on a public page (decision 048).
import { runOwnerScripts } from "./owner-scripts";

export { enhanceCookieNotice } from "./cookie-choice";
export { enhanceBackToTop } from "./back-to-top";

/**
 * The owner's scripts, from OwnerScripts's marker. Loaded with the rest rather than on demand: a
 * few hundred bytes cost less than the two more requests a page with scripts would make.
 */
export function enhanceOwnerScripts(marker: HTMLElement) {
  const html = marker.dataset.html;
  marker.remove();
  if (html?.trim()) runOwnerScripts(html);
}
