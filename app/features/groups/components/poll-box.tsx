import { Button, Checkbox, Group, Progress, Radio, Stack, Text } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PollView } from "../group-shapes";
import { useGroupCommand, useRefusal } from "./group-words";

/**
 * A post's poll: the choices until the viewer answers (or when they change their answer), then
 * each option's share; a closed poll, or a viewer who may not take part, sees the results.
 */
export function PollBox({
  postId,
  poll,
  canVote,
}: {
  postId: string;
  poll: PollView;
  canVote: boolean;
}) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(poll.mine);
  const answered = poll.mine.length > 0;
  const open = canVote && !poll.closed && (!answered || choosing);
  const send = (optionIds: string[]) => {
    setChoosing(false);
    void command.send({ intent: "vote", postId, optionIds });
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((old) => (on ? [...old.filter((x) => x !== id), id] : old.filter((x) => x !== id)));

  return (
    <Stack gap="xs" data-testid="poll" role="group" aria-label={t("groups.poll.label")}>
      <Group gap={6}>
        <IconChartBar size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {t("groups.poll.label")}
        </Text>
        {poll.closed ? (
          <Text size="xs" c="dimmed" data-testid="poll-closed">
            · {t("groups.poll.closed")}
          </Text>
        ) : null}
      </Group>
      {open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0) send(chosen);
          }}
        >
          <Stack gap="xs">
            {poll.multiple ? (
              poll.options.map((option) => (
                <Checkbox
                  key={option.id}
                  label={option.label}
                  checked={chosen.includes(option.id)}
                  onChange={(event) => toggle(option.id, event.currentTarget.checked)}
                  data-testid="poll-choice"
                />
              ))
            ) : (
              <Radio.Group value={chosen[0] ?? null} onChange={(value) => setChosen([value])}>
                <Stack gap="xs">
                  {poll.options.map((option) => (
                    <Radio
                      key={option.id}
                      value={option.id}
                      label={option.label}
                      data-testid="poll-choice"
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Group gap="xs">
              <Button
                type="submit"
                size="compact-sm"
                disabled={chosen.length === 0}
                loading={command.busy}
                data-testid="poll-vote"
              >
                {t("groups.poll.vote")}
              </Button>
              {answered ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  color="gray"
                  onClick={() => send([])}
                  data-testid="poll-take-back"
                >
                  {t("groups.poll.takeBack")}
                </Button>
              ) : null}
              <Voters count={poll.voters} />
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap={8} data-testid="poll-results">
          {poll.options.map((option) => {
            const share = poll.voters ? Math.round((option.votes / poll.voters) * 100) : 0;
            const mine = poll.mine.includes(option.id);
            return (
              <Stack
                key={option.id}
                gap={2}
                data-testid="poll-result"
                data-mine={mine || undefined}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={mine ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
                    {option.label}
                    {mine ? ` · ${t("groups.poll.yours")}` : ""}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {share} % ({option.votes})
                  </Text>
                </Group>
                <Progress value={share} size="sm" aria-hidden />
              </Stack>
            );
          })}
          <Group justify="space-between" gap="xs">
            <Voters count={poll.voters} />
            {answered && canVote && !poll.closed ? (
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => {
                  setChosen(poll.mine);
                  setChoosing(true);
                }}
                data-testid="poll-change"
              >
                {t("groups.poll.change")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
      {refusal ? (
        <Text size="xs" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

function Voters({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" ms="auto" data-testid="poll-voters">
      {t("groups.poll.voters", { number: String(count) })}
    </Text>
  );
}
