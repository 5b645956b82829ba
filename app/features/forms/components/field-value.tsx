import { Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { displayFieldValue, type FormFieldDefinition } from "../field-display";

/** One answer of a form submission, with its field's label (D15). */
export function FieldValue({
  field,
  value,
  countryNames,
}: {
  field: FormFieldDefinition;
  value: string | string[] | boolean | null | undefined;
  /** The names of the country pickers (`countryNames(lang)` of ~/platform/countries, V6). */
  countryNames?: ReadonlyMap<string, string>;
}) {
  const { i18n } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {field.label}
      </Text>
      <Text>{displayFieldValue({ field, value, lang: i18n.language, countryNames }) || "—"}</Text>
    </div>
  );
}
