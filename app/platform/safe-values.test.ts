import { describe, expect, test } from "vitest";
import {
  cssColour,
  cssFontStack,
  isCssColour,
  isFontStack,
  isPlainText,
  isSafeUrl,
  safeUrl,
} from "./safe-values";

const breakouts = [
  "x}</style><script>alert(1)</script><style>",
  "Georgia; } body { background: url(https://evil.test/) }",
  "Arial</style>",
  'Georgia", serif',
  "'Open Sans\\', serif",
  "expression(alert(1))",
  "Arial\u0000",
  "a".repeat(201),
];

describe("A11 font stacks, colours and links are checked by their type", () => {
  test.each([
    "Georgia, 'Times New Roman', serif",
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", Calibri, sans-serif',
    "Noto Sans JP",
    "微软雅黑, sans-serif",
    '"Font Awesome 6.0"',
  ])("A11 the font stack %s is accepted", (stack) => {
    expect(isFontStack(stack)).toBe(true);
    expect(cssFontStack(stack)).toBe(stack);
  });

  test.each(breakouts)("A11 the font stack %j is refused and never reaches CSS", (stack) => {
    expect(isFontStack(stack)).toBe(false);
    expect(cssFontStack(stack)).toBeUndefined();
  });

  test.each([
    "#1c7ed6",
    "#FFF",
    "#12345678",
    "rgb(12, 34, 56)",
    "rgba(12,34,56,0.5)",
    "rgb(12 34 56 / 50%)",
    "hsl(210, 50%, 40%)",
    "hsla(210deg 50% 40% / .3)",
    "blue",
    "teal.7",
  ])("A11 the colour %s is accepted", (colour) => {
    expect(isCssColour(colour)).toBe(true);
    expect(cssColour(colour, "#000")).toBe(colour);
  });

  test.each([
    "red; background-image: url(https://evil.test/)",
    "#1c7ed6</style><script>alert(1)</script>",
    "url(javascript:alert(1))",
    "rgb(1,2,3);x:y",
    "expression(alert(1))",
    "var(--x)",
    "",
  ])("A11 the colour %j is refused and replaced on render", (colour) => {
    expect(isCssColour(colour)).toBe(false);
    expect(cssColour(colour, "#f1f3f5")).toBe("#f1f3f5");
  });

  test.each([
    "/",
    "/course",
    "about",
    "teach/with-us?x=1#top",
    "#top",
    "?page=2",
    "https://community.example.org",
    "http://example.org:8080/a:b",
    "/files/bucket/logo.webp",
  ])("A11 the link %s is accepted", (url) => {
    expect(isSafeUrl(url)).toBe(true);
    expect(safeUrl(url)).toBe(url);
  });

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "javascript:alert(1)//http",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "\u0001javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/",
    "/\\evil.example/",
    "\\\\evil.example",
    "https:evil.example",
    "https://user@evil.example/",
    "https:///evil.example",
    'https://a.test/" onmouseover="alert(1)',
    "mailto:a@b.test",
    "",
  ])("A11 the link %j is refused and never reaches an href", (url) => {
    expect(isSafeUrl(url)).toBe(false);
    expect(safeUrl(url)).toBeNull();
  });

  test("A11 plain text keeps line breaks and tabs but no control characters", () => {
    expect(isPlainText("Line one\nline two\tand <b>markup</b> as text")).toBe(true);
    expect(isPlainText("nul\u0000byte")).toBe(false);
    expect(isPlainText("escape\u001b[31m")).toBe(false);
  });
});
