import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PostAuthor } from "../group-shapes";
import { AuthorLine } from "./author-line";
import { useGroupCommand, useRefusal } from "./group-words";

/** One person waiting: let them in or turn them away. */
function RequestRow({ groupId, person }: { groupId: string; person: PostAuthor }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const pending = command.last?.intent === "decide" ? command.last.decision : null;
  const decide = (decision: "approve" | "reject") =>
    void command.send({ intent: "decide", groupId, userId: person.userId, decision });
  return (
    <Stack gap={4} data-testid="group-request-row">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <AuthorLine author={person} size={32} />
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pending === "approve"}
            disabled={command.busy}
            onClick={() => decide("approve")}
            data-testid="group-request-approve"
          >
            {t("groups.requests.approve")}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            loading={pending === "reject"}
            disabled={command.busy}
            onClick={() => decide("reject")}
            data-testid="group-request-reject"
          >
            {t("groups.requests.reject")}
          </Button>
        </Group>
      </Group>
      {refusal ? (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The people who asked to join, for the group's moderators. */
export function GroupRequests({ groupId, requests }: { groupId: string; requests: PostAuthor[] }) {
  const { t } = useTranslation();
  if (requests.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="group-requests">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t("groups.requests.title", { value: requests.length })}
        </Title>
        {requests.map((person) => (
          <RequestRow key={person.userId} groupId={groupId} person={person} />
        ))}
      </Stack>
    </Paper>
  );
}
