import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";

/**
 * The visitor's theme under the spec's local key `theme` (P9, D3): light, dark, or night — a
 * third theme of its own (near-black surfaces, warmer dimmer text) that Mantine renders as its
 * dark scheme with `data-night` on <html> changing the palette.
 */
export const THEME_KEY = "theme";
export const themeChoices = ["light", "dark", "night"] as const;
export type ThemeChoice = (typeof themeChoices)[number];

function read(): string | null {
  try {
    return window.localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

function toScheme(stored: string | null, fallback: MantineColorScheme): MantineColorScheme {
  if (stored === "night") return "dark";
  return stored === "light" || stored === "dark" || stored === "auto" ? stored : fallback;
}

function markNight(on: boolean) {
  if (on) document.documentElement.setAttribute("data-night", "");
  else document.documentElement.removeAttribute("data-night");
}

let onStorage: ((event: StorageEvent) => void) | undefined;

export const colorSchemeManager: MantineColorSchemeManager = {
  get: (fallback) => (typeof window === "undefined" ? fallback : toScheme(read(), fallback)),
  set: (scheme) => {
    // Mantine asks for "dark" while night is chosen: night stays, it is a kind of dark.
    if (scheme === "dark" && read() === "night") return;
    try {
      window.localStorage.setItem(THEME_KEY, scheme);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    markNight(false);
  },
  subscribe: (onUpdate) => {
    onStorage = (event) => {
      if (event.storageArea !== window.localStorage || event.key !== THEME_KEY) return;
      markNight(event.newValue === "night");
      onUpdate(toScheme(event.newValue, "auto"));
    };
    window.addEventListener("storage", onStorage);
  },
  unsubscribe: () => {
    if (onStorage) window.removeEventListener("storage", onStorage);
  },
  clear: () => window.localStorage.removeItem(THEME_KEY),
};

/** The stored choice as the theme switcher shows it (auto reads as what it resolves to). */
export function currentThemeChoice(resolved: "light" | "dark"): ThemeChoice {
  return read() === "night" ? "night" : resolved;
}

/** Stores a choice; the caller then gives Mantine its scheme (night → dark). */
export function storeThemeChoice(choice: ThemeChoice): "light" | "dark" {
  try {
    window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // As above.
  }
  markNight(choice === "night");
  return choice === "light" ? "light" : "dark";
}

/**
 * Runs in <head> before the first paint, in place of Mantine's ColorSchemeScript, so a page
 * opens in the stored theme (night included) without a flash.
 */
export const colorSchemeScript = `try{var t=localStorage.getItem("${THEME_KEY}"),d=document.documentElement,s=t==="night"?"dark":t==="light"||t==="dark"?t:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";d.setAttribute("data-mantine-color-scheme",s);if(t==="night")d.setAttribute("data-night","")}catch(e){}`;
