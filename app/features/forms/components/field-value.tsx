import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { displayFieldValue, type FormFieldDefinition } from "../field-display";

/** One answer of a form submission, with its field's label (D15). */
export function FieldValue({
  field,
  value,
}: {
  field: FormFieldDefinition;
  value: string | string[] | boolean | null | undefined;
}) {
  const { i18n } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {field.label}
      </Text>
      <Text>{displayFieldValue({ field, value, lang: i18n.language }) || "—"}</Text>
    </div>
  );
}
