/** The theme's default stack (mantine-theme.ts): each device's own interface font. */
export const systemStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif';

/**
 * Font stacks the theme screen offers. Each names fonts most systems have and ends with a
 * generic family, so a visitor without the first choice still gets the same kind of type.
 */
export const fontStacks = [
  { id: "system", stack: systemStack },
  { id: "sans", stack: '"Helvetica Neue", Helvetica, Arial, sans-serif' },
  {
    id: "humanist",
    stack: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  },
  { id: "serif", stack: 'Georgia, "Times New Roman", serif' },
  {
    id: "bookSerif",
    stack: '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", P052, serif',
  },
  {
    id: "rounded",
    stack:
      'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, sans-serif',
  },
  {
    id: "mono",
    stack: 'ui-monospace, "Cascadia Code", "Source Code Pro", Menlo, Consolas, monospace',
  },
] as const;

export type FontChoice = (typeof fontStacks)[number]["id"] | "custom" | "sameAsBody";

/** Two stacks are the same whatever their quotes and spacing. */
const normalise = (stack: string) => stack.replace(/["'\s]/g, "").toLowerCase();

/** The offered choice a stored value is, else "custom" (nothing stored: `empty`). */
export function fontChoiceOf(value: string | undefined, empty: FontChoice): FontChoice {
  if (!value?.trim()) return empty;
  const found = fontStacks.find((font) => normalise(font.stack) === normalise(value));
  return found ? found.id : "custom";
}

/** The stack of an offered choice (none for "custom" and "sameAsBody"). */
export function stackOf(choice: FontChoice): string | undefined {
  return fontStacks.find((font) => font.id === choice)?.stack;
}
