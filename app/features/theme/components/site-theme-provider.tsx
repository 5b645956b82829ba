import {
  convertCssVariables,
  deepMerge,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  MantineProvider,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import { createLru } from "~/platform/cache/lru";
import { colorSchemeManager } from "~/ui/color-scheme";
import { accessibleColors, buildTheme } from "../mantine-theme";

type ThemeInput = Parameters<typeof buildTheme>[0];
type SiteTheme = { theme: ReturnType<typeof buildTheme>; css: string };

const mantineDefaults = defaultCssVariablesResolver(DEFAULT_THEME);

/** Mantine's own rule (`deduplicateCssVariables`): a variable equal to its default is left out. */
function withoutDefaults(variables: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const changed = (own: Record<string, string>, defaults: Record<string, string>) =>
    Object.fromEntries(Object.entries(own).filter(([name, value]) => defaults[name] !== value));
  return {
    variables: changed(variables.variables, mantineDefaults.variables),
    light: changed(variables.light, mantineDefaults.light),
    dark: changed(variables.dark, mantineDefaults.dark),
  };
}

/** The `:root, :host` rules Mantine's provider writes for a theme with `accessibleColors`. */
function themeCssVariables(theme: ReturnType<typeof buildTheme>): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), accessibleColors(merged));
  return convertCssVariables(withoutDefaults(variables));
}

// Keyed by the account's stored choices (a palette name and two font lists): a site has one.
const built = createLru<SiteTheme>({ maxEntries: 64 });

/** An account's Mantine theme and its CSS variables, built once per distinct theme. */
export function siteTheme(input: ThemeInput): SiteTheme {
  const key = JSON.stringify([input.primaryColor, input.fontFamily, input.headingsFontFamily]);
  return built.getOrCreate(key, () => {
    const theme = buildTheme(input);
    return { theme, css: themeCssVariables(theme) };
  });
}

/** The theme of the platform's own pages (its marketing site and console). */
export const platformTheme = { primaryColor: "violet" } as const;

/**
 * Mantine's provider for a site's pages, its dashboard and the console, in the account's theme.
 * Its CSS variables (~9 KB, the accessible colours computed for every palette) are Mantine's own
 * but built once per theme: Mantine's provider builds them on every render, which on the server
 * is every request (~4 % of a page's render, decision 050). They are written in the head by
 * `SiteThemeStyle`, not here: a `<style>` in the body whose `:root` rules reach outside its
 * parent is invalid HTML (issue 37).
 */
export function SiteThemeProvider({ theme, children }: { theme: ThemeInput; children: ReactNode }) {
  return (
    <MantineProvider
      theme={siteTheme(theme).theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      withCssVariables={false}
    >
      {children}
    </MantineProvider>
  );
}

/**
 * The theme's CSS variables, for the document's head after the stylesheets: the theme's values
 * must come after Mantine's defaults (default-css-variables.css) to win over them.
 */
export function SiteThemeStyle({ theme }: { theme: ThemeInput }) {
  return (
    <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: siteTheme(theme).css }} />
  );
}
