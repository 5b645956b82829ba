import { describe, expect, test } from "vitest";
import { plainText } from "./plain-text";

describe("plainText", () => {
  test("P10 a course's rich description becomes a one-line excerpt", () => {
    expect(
      plainText("<p>Colour, <strong>type</strong> &amp; layout.</p><p>Five lessons.</p>"),
    ).toBe("Colour, type & layout. Five lessons.");
  });

  test("a tag cut off by a length limit is dropped, numeric entities are decoded", () => {
    expect(plainText("<p>Caf&#233; &#x2014; open</p><a hr")).toBe("Café — open");
  });

  test("an unknown entity or an impossible character is kept as written", () => {
    expect(plainText("a &bogus; b &#99999999; &#0;")).toBe("a &bogus; b &#99999999; &#0;");
  });
});
