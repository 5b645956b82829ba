import {
  ActionIcon,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PublicQuestion } from "../question-types";
import { FileAnswer } from "./file-answer";

/**
 * The answer field of one question, per type, from its public shape only. Every control is a
 * native form control or a button: usable with the keyboard and named for screen readers.
 */
export function QuestionInput({
  attemptId,
  question,
  value,
  onChange,
  disabled,
  labelId,
}: {
  /** The attempt the answer belongs to (a file is sent to it). */
  attemptId: string;
  question: PublicQuestion;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  /** The id of the element holding the prompt, which names the field. */
  labelId: string;
}) {
  const { t } = useTranslation();
  const options = question.options ?? [];
  switch (question.type) {
    case "single":
      return (
        <Radio.Group
          aria-labelledby={labelId}
          value={typeof value === "string" ? value : null}
          onChange={(v) => onChange(v)}
        >
          <Stack gap="xs">
            {options.map((o) => (
              <Radio key={o.id} value={o.id} label={o.text} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "multiple":
      return (
        <Checkbox.Group
          aria-labelledby={labelId}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v) => onChange(v)}
        >
          <Stack gap="xs">
            {options.map((o) => (
              <Checkbox key={o.id} value={o.id} label={o.text} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "true_false":
      return (
        <Radio.Group
          aria-labelledby={labelId}
          value={value === true ? "true" : value === false ? "false" : null}
          onChange={(v) => onChange(v === "true")}
        >
          <Group>
            <Radio value="true" label={t("quizzes.taker.true")} disabled={disabled} />
            <Radio value="false" label={t("quizzes.taker.false")} disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case "short":
      return (
        <TextInput
          aria-labelledby={labelId}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
          disabled={disabled}
          maxLength={2000}
        />
      );
    case "numeric":
      return (
        <NumberInput
          aria-labelledby={labelId}
          value={typeof value === "number" ? value : ""}
          onChange={(v) => onChange(typeof v === "number" ? v : null)}
          disabled={disabled}
          decimalSeparator="."
        />
      );
    case "blanks": {
      const given = Array.isArray(value) ? (value as string[]) : [];
      const parts = question.parts ?? [];
      return (
        <Group gap={6} align="center" aria-labelledby={labelId} role="group">
          {parts.map((part, i) => (
            <Group key={i} gap={6} align="center" wrap="nowrap">
              {part ? <Text span>{part}</Text> : null}
              {i < parts.length - 1 ? (
                <TextInput
                  aria-label={t("quizzes.taker.blank", { n: i + 1 })}
                  w={140}
                  value={given[i] ?? ""}
                  disabled={disabled}
                  onChange={(e) => {
                    const next = Array.from({ length: parts.length - 1 }, (_, j) => given[j] ?? "");
                    next[i] = e.currentTarget.value;
                    onChange(next);
                  }}
                />
              ) : null}
            </Group>
          ))}
        </Group>
      );
    }
    case "matching": {
      const given = (value && typeof value === "object" ? value : {}) as Record<string, string>;
      const choices = [
        { value: "", label: t("quizzes.taker.chooseMatch") },
        ...(question.right ?? []).map((r) => ({ value: r.id, label: r.text })),
      ];
      return (
        <Stack gap="xs" role="group" aria-labelledby={labelId}>
          {(question.left ?? []).map((l) => (
            <NativeSelect
              key={l.id}
              label={l.text}
              data={choices}
              value={given[l.id] ?? ""}
              disabled={disabled}
              onChange={(e) => {
                const next = { ...given, [l.id]: e.currentTarget.value };
                if (!e.currentTarget.value) delete next[l.id];
                onChange(next);
              }}
            />
          ))}
        </Stack>
      );
    }
    case "ordering":
      return (
        <OrderingInput
          options={options}
          value={Array.isArray(value) ? (value as string[]) : null}
          onChange={onChange}
          disabled={disabled}
          labelId={labelId}
        />
      );
    case "essay":
      return (
        <Textarea
          aria-labelledby={labelId}
          autosize
          minRows={5}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => onChange(e.currentTarget.value)}
          disabled={disabled}
          description={
            question.minWords ? t("quizzes.taker.minWords", { n: question.minWords }) : undefined
          }
        />
      );
    case "file":
      return (
        <FileAnswer
          attemptId={attemptId}
          questionId={question.id}
          value={value}
          onChange={onChange}
          disabled={disabled}
          accept={question.accept}
          labelId={labelId}
        />
      );
    default:
      return null;
  }
}

function OrderingInput({
  options,
  value,
  onChange,
  disabled,
  labelId,
}: {
  options: { id: string; text: string }[];
  value: string[] | null;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  labelId: string;
}) {
  const { t } = useTranslation();
  const order = value && value.length === options.length ? value : options.map((o) => o.id);
  const text = new Map(options.map((o) => [o.id, o.text]));
  const move = (i: number, by: number) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };
  return (
    <Stack gap={4} component="ol" role="list" aria-labelledby={labelId} p={0} m={0}>
      {order.map((id, i) => (
        <Group key={id} component="li" gap="xs" wrap="nowrap" style={{ listStyle: "none" }}>
          <Text size="sm" c="dimmed" w={20}>
            {i + 1}.
          </Text>
          <Text flex={1}>{text.get(id)}</Text>
          <ActionIcon
            variant="subtle"
            aria-label={t("quizzes.taker.moveUp", { item: text.get(id) })}
            disabled={disabled || i === 0}
            onClick={() => move(i, -1)}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={t("quizzes.taker.moveDown", { item: text.get(id) })}
            disabled={disabled || i === order.length - 1}
            onClick={() => move(i, 1)}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
