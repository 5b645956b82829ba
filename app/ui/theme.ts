import { createTheme, localStorageColorSchemeManager, type MantineColor } from "@mantine/core";

/** Light/dark choice remembered under the spec's local key `theme` (P9). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: "theme" });

const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif';

export function buildTheme({
  primaryColor = "blue",
  fontFamily,
  headingsFontFamily,
}: {
  primaryColor?: MantineColor;
  fontFamily?: string;
  headingsFontFamily?: string;
}) {
  return createTheme({
    primaryColor,
    fontFamily: fontFamily ?? systemFonts,
    headings: { fontFamily: headingsFontFamily ?? fontFamily ?? systemFonts },
    defaultRadius: "md",
  });
}
