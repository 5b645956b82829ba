import { toCsv } from "~/platform/csv";
import { displayFieldValue } from "./field-display";
import type { PublicForm, SubmissionRow } from "./form-shapes";

/**
 * A form's answers as CSV: one column per field (its label), values as the submissions list
 * shows them (D15: a radio's label, a country's name), then when and from which page.
 */
export function submissionsCsv(
  { form, rows }: { form: PublicForm; rows: SubmissionRow[] },
  { lang, countryNames }: { lang: string; countryNames: ReadonlyMap<string, string> },
): string {
  const fields = form.fields;
  return toCsv({
    fields: [...fields.map((field) => field.label), "submitted_at", "page", "confirmed_at"],
    data: rows.map((row) => [
      ...fields.map((field) =>
        displayFieldValue({ field, value: row.values[field.name], lang, countryNames }),
      ),
      row.createdAt,
      row.pageUrl,
      row.confirmedAt ?? "",
    ]),
  });
}
