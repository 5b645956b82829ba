import Papa from "papaparse";

/**
 * A CSV file for spreadsheets, the one writer every export uses: a header row, CRLF line ends
 * (RFC 4180), cells quoted where needed, and a cell a spreadsheet would read as a formula (`=`,
 * `+`, `-`, `@`, a tab or a carriage return first) written as text behind a quote mark.
 */
export function toCsv({
  fields,
  data,
}: {
  fields: readonly string[];
  data: readonly (readonly unknown[])[];
}): string {
  const body = Papa.unparse(
    { fields: [...fields], data: data.map((row) => row.map((cell) => cell ?? "")) },
    { escapeFormulae: true, newline: "\r\n" },
  );
  return `${body}\r\n`;
}
