import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import type { TFunction } from "i18next";

/** One sub-field of a list item: plain text, longer text, or yes/no. */
export type ListSubField = { name: string; label: string; kind: "text" | "textarea" | "boolean" };

type Item = Record<string, unknown>;

/**
 * A block's list (questions, plans, products, gallery images) as a Puck custom field: each item's
 * fields, and buttons with names (add, move up and down, remove) that screen readers announce —
 * Puck's own array field has icon buttons without names.
 */
export function listField({
  t,
  label,
  itemLabel,
  fields,
  blank,
  max,
}: {
  t: TFunction;
  label: string;
  itemLabel: string;
  fields: ListSubField[];
  blank: Item;
  max: number;
}) {
  return {
    type: "custom" as const,
    label,
    render: ({ value, onChange }: { value: Item[] | undefined; onChange: (v: Item[]) => void }) => {
      const items = Array.isArray(value) ? value : [];
      const change = (index: number, name: string, next: unknown) =>
        onChange(items.map((item, i) => (i === index ? { ...item, [name]: next } : item)));
      const move = (index: number, by: number) => {
        const next = [...items];
        const [item] = next.splice(index, 1);
        next.splice(index + by, 0, item!);
        onChange(next);
      };
      return (
        <Stack gap="xs">
          {items.map((item, index) => {
            const name = `${itemLabel} ${index + 1}`;
            return (
              // A group named by its item (no Fieldset: its sheet would load on every page).
              <Paper key={index} withBorder p="xs" role="group" aria-label={name}>
                <Stack gap={6}>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {fields.map((field) =>
                    field.kind === "boolean" ? (
                      <Switch
                        key={field.name}
                        label={field.label}
                        checked={item[field.name] === true}
                        onChange={(event) => change(index, field.name, event.currentTarget.checked)}
                      />
                    ) : field.kind === "textarea" ? (
                      <Textarea
                        key={field.name}
                        label={field.label}
                        name={`${field.name}-${index}`}
                        autosize
                        minRows={2}
                        value={String(item[field.name] ?? "")}
                        onChange={(event) => change(index, field.name, event.currentTarget.value)}
                      />
                    ) : (
                      <TextInput
                        key={field.name}
                        label={field.label}
                        name={`${field.name}-${index}`}
                        value={String(item[field.name] ?? "")}
                        onChange={(event) => change(index, field.name, event.currentTarget.value)}
                      />
                    ),
                  )}
                  <Group gap={4} justify="flex-end">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === 0}
                      aria-label={t("pages.list.move.up", { title: name })}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      disabled={index === items.length - 1}
                      aria-label={t("pages.list.move.down", { title: name })}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("pages.editor.removeItem", { item: name })}
                      onClick={() => onChange(items.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={items.length >= max}
            onClick={() => onChange([...items, { ...blank }])}
          >
            {t("pages.editor.addItem", { item: itemLabel })}
          </Button>
        </Stack>
      );
    },
  };
}
