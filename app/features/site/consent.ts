/** The visitor's cookie choice (P15), a contract shared with the analytics code. */
export const consentChoices = ["all", "required", "disabled"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

export const consentCookieName = "cookie_consent";
/** Spec §9: the cookie preference lasts 180 days. */
export const consentMaxAgeSeconds = 180 * 24 * 60 * 60;

/** The stored choice from a `document.cookie` string, or null when the visitor has not chosen. */
export function readConsent(cookies: string): ConsentChoice | null {
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== consentCookieName) continue;
    const value = decodeURIComponent(rest.join("="));
    return (consentChoices as readonly string[]).includes(value) ? (value as ConsentChoice) : null;
  }
  return null;
}

/** The `document.cookie` assignment that stores a choice for 180 days on the whole site. */
export function consentCookie(choice: ConsentChoice, { secure }: { secure: boolean }): string {
  return `${consentCookieName}=${choice}; Max-Age=${consentMaxAgeSeconds}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
