/**
 * D15: how a submitted form value reads to a person. A radio answer shows its option's label,
 * a country its name in the reader's language; anything else shows as typed.
 *
 * Country names: pass `countryNames` from `countryNames(lang)` (~/platform/countries, V6, loaded
 * by the page's loader) to show the very names the country pickers offer; without them, the
 * browser's own names (Intl.DisplayNames) are shown.
 */
export type FormFieldDefinition = {
  name: string;
  label: string;
  /** Any field type of the builder's (form-shapes); radio, select and country are shown as names. */
  type: string;
  options?: { value: string; label: string }[];
};

export function displayFieldValue({
  field,
  value,
  lang,
  countryNames,
}: {
  field: FormFieldDefinition;
  value: string | string[] | boolean | null | undefined;
  lang: string;
  countryNames?: ReadonlyMap<string, string>;
}): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  const values = Array.isArray(value) ? value : [value];
  const shown = values.map((one) => {
    if (field.type === "country") return countryName(one, lang, countryNames);
    const option = field.options?.find((candidate) => candidate.value === one);
    return option?.label ?? one;
  });
  return shown.join(", ");
}

/** A two-letter country code as the country's name; an unknown code stays as it was. */
export function countryName(
  code: string,
  lang: string,
  names?: ReadonlyMap<string, string>,
): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  if (names) return names.get(code.toUpperCase()) ?? code;
  try {
    const display = new Intl.DisplayNames([lang, "en"], { type: "region", fallback: "none" });
    return display.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
