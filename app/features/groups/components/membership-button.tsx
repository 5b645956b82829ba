import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useSubmit } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GROUPS_PATH, type GroupCard } from "../group-shapes";
import { useGroupCommand, useRefusal } from "./group-words";

/**
 * What the viewer may do about belonging to a group: join at once, ask to join, wait (and take
 * the request back), or, on the group's page (`withLeave`), leave it. A group tied to a course or
 * membership the viewer does not hold says so instead.
 */
export function MembershipButton({
  group,
  withLeave = false,
}: {
  group: GroupCard;
  withLeave?: boolean;
}) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [leaving, setLeaving] = useState(false);
  const submit = useSubmit();
  const status = group.mine?.status ?? null;
  const join = () => void command.send({ intent: "join", groupId: group.id });
  const leave = () => {
    setLeaving(false);
    // A hidden group is out of sight once left: its list answers the command and opens instead.
    if (group.privacy === "hidden")
      void submit(
        { intent: "leave", groupId: group.id },
        { method: "post", encType: "application/json", action: GROUPS_PATH, replace: true },
      );
    else void command.send({ intent: "leave", groupId: group.id });
  };

  let control = null;
  if (status === "active") {
    control = withLeave ? (
      <Button
        variant="default"
        onClick={() => setLeaving(true)}
        loading={command.busy}
        data-testid="group-leave"
      >
        {t("groups.join.leave")}
      </Button>
    ) : null;
  } else if (status === "requested") {
    control = (
      <Group gap="xs" wrap="wrap">
        <Button variant="light" disabled data-testid="group-requested">
          {t("groups.join.requested")}
        </Button>
        {withLeave ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={leave}
            loading={command.busy}
            data-testid="group-cancel-request"
          >
            {t("groups.join.cancelRequest")}
          </Button>
        ) : null}
      </Group>
    );
  } else if (status === null) {
    if (group.canJoin)
      control = (
        <Button onClick={join} loading={command.busy} data-testid="group-join">
          {t("groups.join.join")}
        </Button>
      );
    else if (group.accessKind === "open")
      control = (
        <Button variant="light" onClick={join} loading={command.busy} data-testid="group-request">
          {t("groups.join.request")}
        </Button>
      );
    else
      control = (
        <Text size="sm" c="dimmed" data-testid="group-tied">
          {t(
            group.accessKind === "course" ? "groups.join.tiedCourse" : "groups.join.tiedMembership",
          )}
        </Text>
      );
  }

  return (
    <>
      {control}
      {refusal ? (
        <Text size="sm" c="red" role="alert">
          {refusal}
        </Text>
      ) : null}
      <Modal
        opened={leaving}
        onClose={() => setLeaving(false)}
        size="sm"
        title={t("groups.join.leaveTitle")}
        closeButtonProps={{ "aria-label": t("groups.screen.close") }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t(
              group.privacy === "public" ? "groups.join.leaveText" : "groups.join.leavePrivateText",
              { name: group.name },
            )}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLeaving(false)}>
              {t("groups.screen.cancel")}
            </Button>
            <Button color="red" onClick={leave} data-testid="group-leave-confirm">
              {t("groups.join.leave")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
