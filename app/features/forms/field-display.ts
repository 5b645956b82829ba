/**
 * D15: how a submitted form value reads to a person. A radio answer shows its option's label,
 * a country its name in the reader's language; anything else shows as typed.
 */
export type FormFieldDefinition = {
  name: string;
  label: string;
  type: "text" | "email" | "textarea" | "radio" | "select" | "checkbox" | "country";
  options?: { value: string; label: string }[];
};

export function displayFieldValue({
  field,
  value,
  lang,
}: {
  field: FormFieldDefinition;
  value: string | string[] | boolean | null | undefined;
  lang: string;
}): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  const values = Array.isArray(value) ? value : [value];
  const shown = values.map((one) => {
    if (field.type === "country") return countryName(one, lang);
    const option = field.options?.find((candidate) => candidate.value === one);
    return option?.label ?? one;
  });
  return shown.join(", ");
}

/** A two-letter country code as the country's name; an unknown code stays as it was. */
export function countryName(code: string, lang: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    const names = new Intl.DisplayNames([lang, "en"], { type: "region", fallback: "none" });
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
