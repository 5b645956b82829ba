import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { BLANK, newOptionId, questionDataSchemas } from "../question-types";
import { questionTypes, type QuestionType } from "../quiz-shapes";

export type QuestionDraft = {
  id?: string;
  type: QuestionType;
  prompt: string;
  points: number;
  feedback: string;
  data: Record<string, unknown>;
};

type Option = { id: string; text: string };
const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** A fresh key of a type, as the form starts it. */
export function emptyData(type: QuestionType): Record<string, unknown> {
  const two = () => [
    { id: newOptionId(), text: "" },
    { id: newOptionId(), text: "" },
  ];
  switch (type) {
    case "single": {
      const options = two();
      return { options, answer: options[0]!.id };
    }
    case "multiple": {
      const options = two();
      return { options, answers: [options[0]!.id] };
    }
    case "true_false":
      return { answer: true };
    case "short":
      return { accepted: [], caseSensitive: false };
    case "numeric":
      return { answer: 0, tolerance: 0 };
    case "blanks":
      return { text: "", blanks: [], caseSensitive: false };
    case "matching":
      return {
        pairs: [0, 1].map(() => ({
          left: { id: newOptionId(), text: "" },
          right: { id: newOptionId(), text: "" },
        })),
      };
    case "ordering":
      return { items: two() };
    default:
      return {};
  }
}

/** The editor of one question: its type, prompt, points, explanation and the key of its type. */
export function QuestionForm({
  initial,
  onSave,
  onCancel,
  busy,
}: {
  initial: QuestionDraft;
  onSave: (draft: QuestionDraft) => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<QuestionDraft>(initial);
  const data = draft.data;
  const setData = (patch: Record<string, unknown>) =>
    setDraft((d) => ({ ...d, data: { ...d.data, ...patch } }));
  const valid =
    draft.prompt.trim() !== "" && questionDataSchemas[draft.type].safeParse(data).success;
  const options = (data.options ?? data.items ?? []) as Option[];
  const optionKey = draft.type === "ordering" ? "items" : "options";
  const setOption = (i: number, text: string) =>
    setData({ [optionKey]: options.map((o, j) => (j === i ? { ...o, text } : o)) });

  return (
    <Stack gap="sm" data-testid="question-form">
      <NativeSelect
        label={t("quizzes.editor.type")}
        value={draft.type}
        disabled={Boolean(draft.id)}
        data={questionTypes.map((type) => ({ value: type, label: t(`quizzes.types.${type}`) }))}
        onChange={(e) => {
          const type = e.currentTarget.value as QuestionType;
          setDraft((d) => ({ ...d, type, data: emptyData(type) }));
        }}
      />
      <Textarea
        label={t("quizzes.editor.prompt")}
        autosize
        minRows={2}
        value={draft.prompt}
        onChange={(e) => setDraft({ ...draft, prompt: e.currentTarget.value })}
      />
      <NumberInput
        label={t("quizzes.editor.points")}
        min={0}
        max={1000}
        w={160}
        value={draft.points}
        onChange={(v) => setDraft({ ...draft, points: typeof v === "number" ? v : 0 })}
      />

      {draft.type === "single" || draft.type === "multiple" || draft.type === "ordering" ? (
        <Stack gap={6}>
          {options.map((o, i) => (
            <Group key={o.id} gap="xs" wrap="nowrap">
              <TextInput
                flex={1}
                aria-label={t("quizzes.editor.option", { n: i + 1 })}
                placeholder={t("quizzes.editor.option", { n: i + 1 })}
                value={o.text}
                onChange={(e) => setOption(i, e.currentTarget.value)}
              />
              {draft.type === "single" ? (
                <Radio
                  label={t("quizzes.editor.correct")}
                  checked={data.answer === o.id}
                  onChange={() => setData({ answer: o.id })}
                />
              ) : draft.type === "multiple" ? (
                <Checkbox
                  label={t("quizzes.editor.correct")}
                  checked={((data.answers ?? []) as string[]).includes(o.id)}
                  onChange={(e) => {
                    const set = new Set((data.answers ?? []) as string[]);
                    if (e.currentTarget.checked) set.add(o.id);
                    else set.delete(o.id);
                    setData({ answers: [...set] });
                  }}
                />
              ) : null}
              <Button
                variant="subtle"
                color="red"
                size="xs"
                disabled={options.length <= 2}
                onClick={() => setData({ [optionKey]: options.filter((_, j) => j !== i) })}
              >
                {t("quizzes.editor.remove")}
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                setData({ [optionKey]: [...options, { id: newOptionId(), text: "" }] })
              }
            >
              {t("quizzes.editor.addOption")}
            </Button>
          </Group>
          {draft.type === "ordering" ? (
            <span style={{ fontSize: "var(--mantine-font-size-sm)" }}>
              {t("quizzes.editor.orderingHint")}
            </span>
          ) : null}
        </Stack>
      ) : null}

      {draft.type === "true_false" ? (
        <Radio.Group
          label={t("quizzes.editor.answer")}
          value={data.answer ? "true" : "false"}
          onChange={(v) => setData({ answer: v === "true" })}
        >
          <Group>
            <Radio value="true" label={t("quizzes.taker.true")} />
            <Radio value="false" label={t("quizzes.taker.false")} />
          </Group>
        </Radio.Group>
      ) : null}

      {draft.type === "short" ? (
        <Textarea
          label={t("quizzes.editor.accepted")}
          autosize
          minRows={2}
          defaultValue={((data.accepted ?? []) as string[]).join("\n")}
          onChange={(e) => setData({ accepted: lines(e.currentTarget.value) })}
        />
      ) : null}

      {draft.type === "short" || draft.type === "blanks" ? (
        <Switch
          label={t("quizzes.editor.caseSensitive")}
          checked={Boolean(data.caseSensitive)}
          onChange={(e) => setData({ caseSensitive: e.currentTarget.checked })}
        />
      ) : null}

      {draft.type === "numeric" ? (
        <Group>
          <NumberInput
            label={t("quizzes.editor.answer")}
            value={data.answer as number}
            decimalSeparator="."
            onChange={(v) => setData({ answer: typeof v === "number" ? v : 0 })}
          />
          <NumberInput
            label={t("quizzes.editor.tolerance")}
            min={0}
            decimalSeparator="."
            value={data.tolerance as number}
            onChange={(v) => setData({ tolerance: typeof v === "number" ? v : 0 })}
          />
        </Group>
      ) : null}

      {draft.type === "blanks" ? (
        <>
          <Textarea
            label={t("quizzes.editor.blanksText", { blank: BLANK })}
            autosize
            minRows={2}
            value={data.text as string}
            onChange={(e) => {
              const text = e.currentTarget.value;
              const count = text.split(BLANK).length - 1;
              const blanks = (data.blanks ?? []) as string[][];
              setData({ text, blanks: Array.from({ length: count }, (_, i) => blanks[i] ?? []) });
            }}
          />
          {((data.blanks ?? []) as string[][]).map((accepted, i) => (
            <TextInput
              key={i}
              label={t("quizzes.editor.blankAccepted", { n: i + 1 })}
              defaultValue={accepted.join(" | ")}
              onChange={(e) => {
                const blanks = [...((data.blanks ?? []) as string[][])];
                blanks[i] = e.currentTarget.value
                  .split("|")
                  .map((v) => v.trim())
                  .filter(Boolean);
                setData({ blanks });
              }}
            />
          ))}
        </>
      ) : null}

      {draft.type === "matching" ? (
        <Stack gap={6}>
          {((data.pairs ?? []) as { left: Option; right: Option }[]).map((pair, i, pairs) => (
            <Group key={pair.left.id} gap="xs" wrap="nowrap">
              <TextInput
                flex={1}
                aria-label={t("quizzes.editor.left", { n: i + 1 })}
                placeholder={t("quizzes.editor.left", { n: i + 1 })}
                value={pair.left.text}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setData({
                    pairs: pairs.map((p, j) => (j === i ? { ...p, left: { ...p.left, text } } : p)),
                  });
                }}
              />
              <TextInput
                flex={1}
                aria-label={t("quizzes.editor.right", { n: i + 1 })}
                placeholder={t("quizzes.editor.right", { n: i + 1 })}
                value={pair.right.text}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  setData({
                    pairs: pairs.map((p, j) =>
                      j === i ? { ...p, right: { ...p.right, text } } : p,
                    ),
                  });
                }}
              />
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              onClick={() =>
                setData({
                  pairs: [
                    ...((data.pairs ?? []) as object[]),
                    {
                      left: { id: newOptionId(), text: "" },
                      right: { id: newOptionId(), text: "" },
                    },
                  ],
                })
              }
            >
              {t("quizzes.editor.addPair")}
            </Button>
          </Group>
        </Stack>
      ) : null}

      {draft.type === "essay" ? (
        <NumberInput
          label={t("quizzes.editor.minWords")}
          min={0}
          w={200}
          value={(data.minWords as number | undefined) ?? 0}
          onChange={(v) => setData({ minWords: typeof v === "number" && v > 0 ? v : undefined })}
        />
      ) : null}
      {draft.type === "file" ? (
        <TextInput
          label={t("quizzes.editor.accept")}
          placeholder=".pdf,.docx"
          value={(data.accept as string | undefined) ?? ""}
          onChange={(e) => setData({ accept: e.currentTarget.value || undefined })}
        />
      ) : null}

      <Textarea
        label={t("quizzes.editor.explanation")}
        autosize
        minRows={1}
        value={draft.feedback}
        onChange={(e) => setDraft({ ...draft, feedback: e.currentTarget.value })}
      />
      <Group>
        <Button onClick={() => onSave(draft)} disabled={!valid} loading={busy}>
          {t("quizzes.editor.saveQuestion")}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t("quizzes.editor.cancel")}
        </Button>
      </Group>
    </Stack>
  );
}
