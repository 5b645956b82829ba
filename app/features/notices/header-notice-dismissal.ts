/** Session key shared with other code (brief contract): "true" once the visitor dismissed it. */
const dismissedKey = "hide_header_notice";

/** Runs while the HTML is parsed, before the notice paints, so a dismissed notice never flashes. */
export const hideDismissedNoticeScript = `try{if(sessionStorage.getItem("${dismissedKey}")==="true")document.documentElement.dataset.hideHeaderNotice="true"}catch(e){}`;

export function noticeDismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(dismissedKey) === "true";
  } catch {
    return false;
  }
}

export function rememberNoticeDismissed() {
  try {
    window.sessionStorage.setItem(dismissedKey, "true");
  } catch {
    // Storage blocked: the notice still goes away for this page.
  }
}

/**
 * The notice on a public page without React (decision 048): gone if dismissed earlier in this
 * session (the inline script only hid it), and its close button (`data-dismiss`) dismisses it.
 */
export function enhanceHeaderNotice(notice: HTMLElement) {
  if (noticeDismissedThisSession()) {
    notice.remove();
    return;
  }
  notice.querySelector("[data-dismiss]")?.addEventListener("click", () => {
    rememberNoticeDismissed();
    notice.remove();
  });
}
