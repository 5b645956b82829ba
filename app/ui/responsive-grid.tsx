import { Box, Grid, SimpleGrid, type BoxProps, type MantineSpacing } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./responsive-grid.module.css";

const breakpoints = ["xs", "sm", "md", "lg"] as const;
type Breakpoint = (typeof breakpoints)[number];
type Spacing = MantineSpacing | number;

/** Mantine's value of a spacing: a theme key's variable, or pixels scaled as `rem()` does. */
const spacing = (gap: Spacing) =>
  typeof gap === "number"
    ? `calc(${gap / 16}rem * var(--mantine-scale))`
    : `var(--mantine-spacing-${gap})`;

/**
 * Mantine's SimpleGrid (its classes, its look) with columns that change at breakpoints, set by
 * a stylesheet instead of the `<style>` SimpleGrid writes in the body (invalid HTML, issue 37).
 * Each breakpoint keeps the count below it when not given.
 */
export function ResponsiveSimpleGrid({
  cols,
  spacing: gap = "md",
  children,
  ...others
}: BoxProps & {
  cols: { base: number } & Partial<Record<Breakpoint, number>>;
  spacing?: Spacing;
  children: ReactNode;
  "data-testid"?: string;
}) {
  const style: Record<string, string | number> = {
    "--sg-spacing-x": spacing(gap),
    "--sg-spacing-y": spacing(gap),
    "--sg-cols-base": cols.base,
  };
  let count = cols.base;
  for (const breakpoint of breakpoints) {
    count = cols[breakpoint] ?? count;
    style[`--sg-cols-${breakpoint}`] = count;
  }
  return (
    <Box
      {...others}
      className={`${SimpleGrid.classes.root} mantine-SimpleGrid-root ${classes.simple}`}
      style={style as CSSProperties}
    >
      {children}
    </Box>
  );
}

/**
 * Mantine's Grid (12 columns), without the `<style>` it writes in the body (issue 37); its gap
 * may widen from `md` on.
 */
export function ResponsiveGrid({
  gap,
  gapFromMd,
  align,
  children,
  ...others
}: BoxProps & {
  gap: Spacing;
  gapFromMd?: Spacing;
  align?: CSSProperties["alignItems"];
  children: ReactNode;
}) {
  const style = {
    "--grid-gap-base": spacing(gap),
    "--grid-gap-md": spacing(gapFromMd ?? gap),
    "--grid-align": align,
  } as CSSProperties;
  return (
    <Box
      {...others}
      className={`${Grid.classes.root} mantine-Grid-root ${classes.grid}`}
      style={style}
    >
      <div className={`${Grid.classes.inner} mantine-Grid-inner`}>{children}</div>
    </Box>
  );
}

/**
 * A column of `ResponsiveGrid`: the whole width, and `span` twelfths of it from `from` on (as
 * Grid.Col's `span={{ base: 12, [from]: span }}`), in `order` below and `orderFrom` above.
 */
export function ResponsiveCol({
  span,
  from,
  order,
  orderFrom,
  children,
}: {
  span: number;
  from: "sm" | "md";
  order?: number;
  orderFrom?: number;
  children: ReactNode;
}) {
  // Mantine's own width of a column: its share of the row less its share of the gaps.
  const basis =
    span === 12
      ? "100%"
      : `calc(${(100 * span) / 12}% - ${(12 - span) / 12} * var(--grid-column-gap))`;
  const style = {
    "--col-basis-at": basis,
    "--col-order-base": order,
    "--col-order-at": orderFrom ?? order,
  } as CSSProperties;
  const fromClass = from === "sm" ? classes.fromSm : classes.fromMd;
  return (
    <div
      className={`${Grid.classes.col} mantine-Grid-col ${classes.col} ${fromClass}`}
      style={style}
    >
      {children}
    </div>
  );
}
