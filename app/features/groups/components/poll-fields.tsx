import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { POLL_OPTIONS_MAX } from "../group-shapes";

export type PollDraft = { options: string[]; multiple: boolean };

export const emptyPoll = (): PollDraft => ({ options: ["", ""], multiple: false });

/** The options a draft sends: filled in, trimmed; a poll needs two of them. */
export const pollOptionsOf = (draft: PollDraft) =>
  draft.options.map((option) => option.trim()).filter(Boolean);

/** The composer's poll: two to ten options, and whether several may be chosen (decision 069). */
export function PollFields({
  draft,
  onChange,
  onRemove,
}: {
  draft: PollDraft;
  onChange: (draft: PollDraft) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const setOption = (index: number, value: string) =>
    onChange({ ...draft, options: draft.options.map((old, n) => (n === index ? value : old)) });
  const tooFew = pollOptionsOf(draft).length < 2;
  return (
    <Stack
      gap="xs"
      p="sm"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: "var(--mantine-radius-md)" }}
      data-testid="poll-fields"
    >
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm">
          {t("groups.poll.label")}
        </Text>
        <Button variant="subtle" size="compact-sm" color="gray" onClick={onRemove}>
          {t("groups.poll.remove")}
        </Button>
      </Group>
      {draft.options.map((option, index) => (
        <Group key={index} gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label={t("groups.poll.option", { number: String(index + 1) })}
            placeholder={t("groups.poll.option", { number: String(index + 1) })}
            value={option}
            maxLength={200}
            onChange={(event) => setOption(index, event.currentTarget.value)}
            data-testid="poll-option-input"
          />
          {draft.options.length > 2 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t("groups.poll.removeOption", { number: String(index + 1) })}
              onClick={() =>
                onChange({ ...draft, options: draft.options.filter((_, n) => n !== index) })
              }
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Checkbox
          label={t("groups.poll.multiple")}
          checked={draft.multiple}
          onChange={(event) => onChange({ ...draft, multiple: event.currentTarget.checked })}
          data-testid="poll-multiple"
        />
        {draft.options.length < POLL_OPTIONS_MAX ? (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange({ ...draft, options: [...draft.options, ""] })}
            data-testid="poll-add-option"
          >
            {t("groups.poll.addOption")}
          </Button>
        ) : null}
      </Group>
      {tooFew ? (
        <Text size="xs" c="dimmed">
          {t("groups.poll.needTwo")}
        </Text>
      ) : null}
    </Stack>
  );
}
