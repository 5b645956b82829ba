import {
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColor,
  type MantineColorShade,
} from "@mantine/core";
import { contrastRatio, darkenToContrast, parseColor } from "~/platform/color-contrast";
import { cssFontStack } from "~/platform/safe-values";

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif';

const white: [number, number, number] = [255, 255, 255];

/**
 * The shade buttons use for the account's colour: the lightest from 6 that carries white text at
 * 4.5:1; colours too bright for that at any shade (orange, green) keep shade 6 and get black text
 * through autoContrast.
 */
function readableShade(color: string): MantineColorShade {
  const palette = DEFAULT_THEME.colors[color];
  if (!palette) return 6;
  for (const shade of [6, 7, 8, 9] as const) {
    if (contrastRatio(parseColor(palette[shade])!, white) >= 4.5) return shade;
  }
  return 6;
}

export function buildTheme({
  primaryColor = "blue",
  fontFamily,
  headingsFontFamily,
}: {
  primaryColor?: MantineColor;
  fontFamily?: string;
  headingsFontFamily?: string;
}) {
  // Mantine writes these into a <style> element: only a palette name and font names may go
  // there, whatever the database holds (a stored `x}</style><script>` becomes the default).
  const color = Object.hasOwn(DEFAULT_THEME.colors, primaryColor) ? primaryColor : "blue";
  const body = cssFontStack(fontFamily) ?? systemFonts;
  return createTheme({
    primaryColor: color,
    primaryShade: readableShade(color),
    // Black or white text on filled colours, whichever reads better (the 0.179 crossover).
    autoContrast: true,
    luminanceThreshold: 0.179,
    fontFamily: body,
    headings: { fontFamily: cssFontStack(headingsFontFamily) ?? body },
    defaultRadius: "md",
  });
}

/**
 * Mantine's defaults for secondary text and for links and light badges in some colours fall
 * under WCAG AA (4.5:1). These keep the account's colours but darken them as far as needed.
 */
export const accessibleColors: CSSVariablesResolver = (theme) => {
  const primary = theme.primaryColor;
  const palette = theme.colors[primary] ?? DEFAULT_THEME.colors.blue;
  const shade = typeof theme.primaryShade === "number" ? theme.primaryShade : 6;
  // Light variants (alerts, badges, light buttons) of every colour, not only the primary: a
  // green "passed" or red "not passed" alert must read as well as the site's own colour.
  // ("dark" is the dark scheme's greys, not a colour anything is tinted with.)
  const lightColors = Object.fromEntries(
    Object.entries(theme.colors)
      .filter(([name]) => name !== "dark")
      .map(([name, colors]) => [
        `--mantine-color-${name}-light-color`,
        darkenToContrast(colors[9]!, colors[1]!),
      ]),
  );
  return {
    variables: {},
    light: {
      "--mantine-color-dimmed": "#5c636a",
      "--mantine-color-anchor": darkenToContrast(palette[Math.max(shade, 7)]!, "#f1f3f5"),
      ...lightColors,
    },
    dark: {
      "--mantine-color-dimmed": "#a6a6a6",
    },
  };
};
