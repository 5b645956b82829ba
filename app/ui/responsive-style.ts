import type { CSSProperties } from "react";
import classes from "./responsive-style.module.css";

const breakpoints = ["xs", "sm", "md", "lg"] as const;
type Breakpoint = (typeof breakpoints)[number];
type Value = number | string;
type Responsive = { base: Value } & Partial<Record<Breakpoint, Value>>;
type Property = "p" | "px" | "py" | "pb" | "fz" | "h";

/** Mantine's reading of a value: pixels scaled as `rem()` does, or a theme key's variable. */
function cssValue(property: Property, value: Value): string {
  if (typeof value === "number") return `calc(${value / 16}rem * var(--mantine-scale))`;
  if (!/^(xs|sm|md|lg|xl)$/.test(value)) return value;
  return property === "fz"
    ? `var(--mantine-font-size-${value})`
    : `var(--mantine-spacing-${value})`;
}

/**
 * Mantine's responsive style props (`py={{ base: 48, sm: 96 }}`) without the `<style>` they write
 * into the body, which HTML forbids there (issue 37): a class per property and the value at each
 * breakpoint as custom properties, each breakpoint keeping the one below when not given. Spread
 * the answer on the element (`className` joins `own`).
 */
export function responsive(
  values: Partial<Record<Property, Responsive>>,
  own?: string,
): { className: string; style: CSSProperties } {
  const names: string[] = own ? [own] : [];
  const style: Record<string, string> = {};
  for (const [property, byBreakpoint] of Object.entries(values) as [Property, Responsive][]) {
    names.push(classes[property]!);
    let value = cssValue(property, byBreakpoint.base);
    style[`--r-${property}-base`] = value;
    for (const breakpoint of breakpoints) {
      const given = byBreakpoint[breakpoint];
      if (given !== undefined) value = cssValue(property, given);
      style[`--r-${property}-${breakpoint}`] = value;
    }
  }
  return { className: names.join(" "), style: style as CSSProperties };
}
