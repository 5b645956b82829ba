import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  useDirection,
} from "@mantine/core";
import { IconArrowLeft, IconBan, IconDots, IconDoorExit, IconUserCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSubmit } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MESSAGES_PATH, type ConversationView } from "../message-shapes";
import {
  isGroupConversation,
  useConversationName,
  useMessageCommand,
  useOnline,
  useRefusal,
} from "./message-words";
import classes from "./messages.module.css";
import { ConversationFaces } from "./person-avatar";

type Asking = "block" | "unblock" | "leave";

/** The back link to the list on narrow screens, its arrow turned for right-to-left reading. */
function BackToList() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  return (
    <ActionIcon
      component={Link}
      to={MESSAGES_PATH}
      variant="subtle"
      color="gray"
      hiddenFrom="md"
      aria-label={t("messages.thread.back")}
      data-testid="thread-back"
    >
      <IconArrowLeft
        size={18}
        aria-hidden
        style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
      />
    </ActionIcon>
  );
}

/**
 * An open conversation's head: who is in it (online or not), and its menu: block or unblock the
 * other person of a one-to-one conversation, leave a group one (each asked first).
 */
export function ThreadHeader({ view, blocked }: { view: ConversationView; blocked: string[] }) {
  const { t } = useTranslation();
  const nameOf = useConversationName();
  const online = useOnline();
  const command = useMessageCommand();
  const refusal = useRefusal(command.answer);
  const submit = useSubmit();
  // What is asked stays while the question closes (its words do not vanish as it fades).
  const [asking, setAsking] = useState<Asking>("leave");
  const [opened, setOpened] = useState(false);
  const ask = (what: Asking) => {
    setAsking(what);
    setOpened(true);
  };
  const group = isGroupConversation(view);
  const other = group ? null : (view.others[0] ?? null);
  const isBlocked = other !== null && blocked.includes(other.userId);
  const name = nameOf(view);

  const confirm = () => {
    setOpened(false);
    if (asking === "leave")
      // Once left the conversation is gone: the list answers the command and opens instead.
      void submit(
        { intent: "leave", conversationId: view.id },
        { method: "post", encType: "application/json", action: MESSAGES_PATH, replace: true },
      );
    else if (other)
      void command.send({ intent: "block", userId: other.userId, blocked: asking === "block" });
  };
  const words = {
    block: {
      title: t("messages.actions.blockTitle", { name }),
      text: t("messages.actions.blockText", { name }),
      go: t("messages.actions.block"),
    },
    unblock: {
      title: t("messages.actions.unblockTitle", { name }),
      text: t("messages.actions.unblockText", { name }),
      go: t("messages.actions.unblock"),
    },
    leave: {
      title: t("messages.actions.leaveTitle"),
      text: t("messages.actions.leaveText"),
      go: t("messages.actions.leave"),
    },
  };

  return (
    <div className={classes.paneHead}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <BackToList />
          <ConversationFaces others={view.others} size={36} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate="end" data-testid="thread-title">
              <bdi>{name}</bdi>
            </Text>
            {group && view.title ? (
              <Text size="xs" c="dimmed" truncate="end">
                <bdi>{nameOf({ title: "", others: view.others })}</bdi>
              </Text>
            ) : other && online(other.userId) ? (
              <Text size="xs" c="dimmed" data-testid="thread-online">
                {t("messages.online")}
              </Text>
            ) : null}
          </div>
          {isBlocked ? (
            <Badge color="red" variant="light" data-testid="thread-blocked">
              {t("messages.thread.blocked")}
            </Badge>
          ) : null}
        </Group>
        {group || other ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                loading={command.busy}
                aria-label={t("messages.thread.menu")}
                data-testid="conversation-menu"
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {group ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconDoorExit size={16} aria-hidden />}
                  onClick={() => ask("leave")}
                  data-testid="leave-conversation"
                >
                  {t("messages.actions.leave")}
                </Menu.Item>
              ) : (
                <Menu.Item
                  color={isBlocked ? undefined : "red"}
                  leftSection={
                    isBlocked ? (
                      <IconUserCheck size={16} aria-hidden />
                    ) : (
                      <IconBan size={16} aria-hidden />
                    )
                  }
                  onClick={() => ask(isBlocked ? "unblock" : "block")}
                  data-testid="block-toggle"
                  data-blocked={isBlocked ? "true" : "false"}
                >
                  {isBlocked ? t("messages.actions.unblock") : t("messages.actions.block")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {refusal ? (
        <Text size="sm" c="red" role="alert" mt={4}>
          {refusal}
        </Text>
      ) : null}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        size="sm"
        title={words[asking].title}
        closeButtonProps={{ "aria-label": t("messages.close") }}
      >
        <Stack gap="md">
          <Text size="sm">{words[asking].text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("messages.cancel")}
            </Button>
            <Button
              color={asking === "unblock" ? undefined : "red"}
              onClick={confirm}
              data-testid="confirm-action"
            >
              {words[asking].go}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
