import { describe, expect, test } from "vitest";
import { contrastRatio, darkenToContrast, parseColor, readableTextColor } from "./color-contrast";

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
