import { describe, expect, test } from "vitest";
import { hasRightToLeft, visualPieces } from "./pdf-lines.server";

const drawn = (line: string) => visualPieces(line).map((piece) => piece.text);

describe("I37 lines in any script, in visual order", () => {
  test("I37 an Arabic line's words go right to left, each word as written, spaces between", () => {
    expect(drawn("شهادة إتمام")).toEqual(["إتمام", " ", "شهادة"]);
    expect(drawn("דנה לוי")).toEqual(["לוי", " ", "דנה"]);
  });

  test("I37 Latin inside a right-to-left line keeps its own order, on the line's far side", () => {
    expect(drawn("رمز الشهادة ABCD-EFGH")).toEqual(["ABCD-EFGH", " ", "الشهادة", " ", "رمز"]);
    expect(drawn("تحقق على http://demo.test/a b")).toEqual([
      "http://demo.test/a",
      " ",
      "b",
      " ",
      "على",
      " ",
      "تحقق",
    ]);
  });

  test("I37 a left-to-right line is drawn as it is", () => {
    expect(drawn("Design for Beginners")).toEqual(["Design", " ", "for", " ", "Beginners"]);
    expect(hasRightToLeft("Design for Beginners")).toBe(false);
    expect(hasRightToLeft("Ana سارة")).toBe(true);
  });
});
