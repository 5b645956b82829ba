import Papa from "papaparse";
import { describe, expect, test } from "vitest";
import { toCsv } from "./csv";

describe("I37 one CSV writer", () => {
  test("I37 cells a spreadsheet would read as formulas are text; quotes, commas and line breaks are quoted", () => {
    const csv = toCsv({
      fields: ["a", "b"],
      data: [
        ["=1+2", "+31 6"],
        ["-5", "@SUM(A1)"],
        ['say "hi", ok', "two\nlines"],
        [-5, null],
        ["\tindented", undefined],
      ],
    });
    expect(csv).toBe(
      [
        "a,b",
        `"'=1+2","'+31 6"`,
        `"'-5","'@SUM(A1)"`,
        `"say ""hi"", ok","two\nlines"`,
        "-5,",
        `"'\tindented",`,
        "",
      ].join("\r\n"),
    );
  });

  test("I37 what it writes reads back as the same cells", () => {
    const data = [
      ["Zoë", "a,b"],
      ["line\r\nbreak", 'q"uote'],
    ];
    const parsed = Papa.parse<string[]>(toCsv({ fields: ["x", "y"], data }), {
      skipEmptyLines: true,
    });
    expect(parsed.data).toEqual([["x", "y"], ...data]);
  });
});
