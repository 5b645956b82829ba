import { describe, expect, test } from "vitest";
import {
  contrastRatio,
  darkenToContrast,
  parseColor,
  parseRgba,
  readableTextColor,
} from "./color-contrast";

describe("P13 P14 P19 readable colours", () => {
  test("parses the owner's hex and rgb colours", () => {
    expect(parseColor("#1c7ed6")).toEqual([28, 126, 214]);
    expect(parseColor("#FFF")).toEqual([255, 255, 255]);
    expect(parseColor("rgba(10, 20, 30, 0.5)")).toEqual([10, 20, 30]);
    expect(parseColor("rgb(10 20 30 / 50%)")).toEqual([10, 20, 30]);
    expect(parseColor("rgb(300, 0, 0)")).toBeNull();
    expect(parseColor("tomato")).toBeNull();
  });

  test("picks the text colour with the better contrast", () => {
    expect(readableTextColor("#1864ab")).toBe("#ffffff");
    expect(readableTextColor("#f1f3f5")).toBe("#000000");
    expect(readableTextColor("#fab005")).toBe("#000000");
    expect(readableTextColor("#212529")).toBe("#ffffff");
    expect(readableTextColor("not a colour")).toBe("#ffffff");
  });

  test("P19 a theme colour is darkened just enough to read as text", () => {
    const orange = darkenToContrast("#e8590c", "#ffffff");
    expect(contrastRatio(parseColor(orange)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(parseColor(orange)!, [255, 255, 255])).toBeLessThan(5);
    // Already readable: unchanged.
    expect(darkenToContrast("#1864ab", "#ffffff")).toBe("#1864ab");
    expect(darkenToContrast("var(--x)", "#ffffff")).toBe("var(--x)");
  });
});

describe("V5 rgba parser", () => {
  test("V5 reads rgba, rgb and hex colours as { r, g, b, a }", () => {
    expect(parseRgba("rgba(10, 20, 30, 0.5)")).toEqual({ r: 10, g: 20, b: 30, a: 0.5 });
    expect(parseRgba("rgb(10 20 30 / 25%)")).toEqual({ r: 10, g: 20, b: 30, a: 0.25 });
    expect(parseRgba(" RGB(0,0,0) ")).toEqual({ r: 0, g: 0, b: 0, a: 1 });
    expect(parseRgba("rgba(255, 255, 255, 1)")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseRgba("rgba(0, 0, 0, 0)")).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    expect(parseRgba("#1c7ed6")).toEqual({ r: 28, g: 126, b: 214, a: 1 });
    expect(parseRgba("#00000080")).toEqual({ r: 0, g: 0, b: 0, a: 128 / 255 });
  });

  test.each([
    "rgba(256, 0, 0, 1)",
    "rgba(0, 0, 0, 1.01)",
    "rgba(0, 0, 0, 101%)",
    "rgba(0, 0, 0, .)",
    "rgba(0, 0, 0, 1.2.3)",
    "rgba(-1, 0, 0, 1)",
    "rgba(0, 0, 1)x",
    "rgba(0, 0)",
    "tomato",
    "",
  ])("V5 an invalid rgba string throws an error: %j", (text) => {
    expect(() => parseRgba(text)).toThrow(/Invalid rgba colour/);
    // The lenient reader used for theme colours still answers null, not an error.
    if (!/rgba\(0, 0, 0, /.test(text)) expect(parseColor(text)).toBeNull();
  });

  test("V5 something that is not a string throws too", () => {
    expect(() => parseRgba(undefined as unknown as string)).toThrow(/Invalid rgba colour/);
    expect(() => parseRgba(42 as unknown as string)).toThrow(/Invalid rgba colour/);
  });
});
