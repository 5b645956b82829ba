import { consentChoices, consentCookie, readConsent, type ConsentChoice } from "./consent";

/** Stores the visitor's choice and announces it with `lyceum:consent` for the analytics code. */
export function chooseConsent(choice: ConsentChoice) {
  document.cookie = consentCookie(choice, { secure: window.location.protocol === "https:" });
  window.dispatchEvent(new CustomEvent("lyceum:consent", { detail: choice }));
}

/**
 * Lifts the back-to-top button above the notice (`--cookie-notice-offset`) while the notice is
 * shown on a narrow screen, where both sit at the bottom; the returned cleanup drops the lift.
 */
export function liftAboveCookieNotice(card: HTMLElement) {
  const root = document.documentElement.style;
  const observer = new ResizeObserver(() => {
    const narrow = window.matchMedia("(max-width: 48em)").matches;
    root.setProperty("--cookie-notice-offset", narrow ? `${card.offsetHeight + 8}px` : "0px");
  });
  observer.observe(card);
  return () => {
    observer.disconnect();
    root.removeProperty("--cookie-notice-offset");
  };
}

/**
 * The notice on a public page without React (decision 048): the server sent it hidden, the same
 * for every visitor; it is shown only while no choice is stored, and each button (`data-consent`)
 * stores its choice and takes the notice away.
 */
export function enhanceCookieNotice(card: HTMLElement) {
  if (readConsent(document.cookie) !== null) {
    card.remove();
    return;
  }
  let drop = () => {};
  card.addEventListener("click", (event) => {
    const choice = (event.target as Element).closest<HTMLElement>("[data-consent]")?.dataset
      .consent;
    if (!(consentChoices as readonly (string | undefined)[]).includes(choice)) return;
    chooseConsent(choice as ConsentChoice);
    drop();
    card.remove();
  });
  // Wired before it shows: a visitor never meets buttons that do nothing.
  card.hidden = false;
  drop = liftAboveCookieNotice(card);
}
