import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPencilPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useActionData, useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MessageAnswer, MessagesScreenData } from "../message-shapes";
import { ConversationList } from "./conversation-list";
import { DigestSwitch } from "./digest-switch";
import { DmPolicy } from "./dm-policy";
import { useRefusal, useViewerId } from "./message-words";
import classes from "./messages.module.css";
import { NewMessage } from "./new-message";
import { NoThread, Thread } from "./thread";
import { useLiveMessages } from "./use-live-messages";

/**
 * Issue 35 `/dashboard/messages`: the viewer's conversations beside the open one (one pane at a
 * time on a narrow screen), kept live over the socket; a new conversation with anyone the site's
 * rule allows, and for the managers that rule.
 */
export function MessagesScreen({
  conversations,
  open,
  found,
  blocked,
  policy,
  canManage,
  canAttach = true,
  digest,
}: MessagesScreenData & {
  /** Whether the viewer may pick files from the media library (it needs upload rights). */
  canAttach?: boolean;
}) {
  const { t } = useTranslation();
  const me = useViewerId();
  const [params] = useSearchParams();
  const before = open ? params.get("before") : null;
  const typingUserId = useLiveMessages(open?.id ?? null, me);
  // A fresh form each time it opens.
  const [starting, setStarting] = useState(0);
  const startNew = () => setStarting((count) => count + 1);
  // A command sent here as a page (leaving a conversation) answers here.
  const refusal = useRefusal(useActionData<MessageAnswer>());

  return (
    <Stack gap="md" data-testid="messages-screen">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={6} miw={0}>
          <Title order={1} size="h2">
            {t("dashboard.sections.messages.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("dashboard.sections.messages.description")}
          </Text>
          <DigestSwitch on={digest} />
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {canManage ? <DmPolicy policy={policy} /> : null}
          <Button
            leftSection={<IconPencilPlus size={16} aria-hidden />}
            onClick={startNew}
            data-testid="new-message"
          >
            {t("messages.start.button")}
          </Button>
        </Group>
      </Group>
      {refusal ? (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" className={classes.panes} data-open={open ? "" : undefined}>
        <div className={classes.listPane}>
          <ConversationList
            conversations={conversations}
            found={found}
            openId={open?.id ?? null}
            me={me}
            onNew={startNew}
          />
        </div>
        <section
          className={classes.threadPane}
          aria-label={t("messages.thread.label")}
          data-testid={open ? "thread" : undefined}
          data-conversation-id={open?.id}
        >
          {open ? (
            <Thread
              // A conversation's own writing box and read marks, each time another opens.
              key={open.id}
              view={open}
              me={me}
              before={before}
              blocked={blocked}
              typingUserId={typingUserId}
              canAttach={canAttach}
            />
          ) : (
            <NoThread />
          )}
        </section>
      </Paper>
      {starting > 0 ? (
        <NewMessage
          key={starting}
          onClose={() => setStarting(0)}
          policy={policy}
          canManage={canManage}
        />
      ) : null}
    </Stack>
  );
}
