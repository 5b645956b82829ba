import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconDots, IconFlag } from "@tabler/icons-react";
import { useState } from "react";
import { REPORT_REASON_MAX } from "~/features/moderation/moderation";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useMessageCommand, useRefusal } from "./message-words";

/** The report form: an optional reason, then the moderators' thanks. */
function ReportModal({ messageId, onClose }: { messageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const command = useMessageCommand({ quiet: true });
  const refusal = useRefusal(command.answer);
  const [reason, setReason] = useState("");
  const done = command.answer?.ok === true;
  return (
    <Modal
      opened
      onClose={onClose}
      size="sm"
      title={t("messages.report.title")}
      closeButtonProps={{ "aria-label": t("messages.close") }}
    >
      {done ? (
        <Stack gap="md">
          <Text size="sm" role="status" data-testid="report-thanks">
            {t("messages.report.thanks")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t("messages.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void command.send({ intent: "report", messageId, reason });
          }}
        >
          <Stack gap="md">
            <Textarea
              label={t("messages.report.reason")}
              description={t("messages.report.reasonHelp")}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              autosize
              minRows={3}
              maxRows={8}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-autofocus
              data-testid="report-reason"
            />
            {refusal ? (
              <Text size="sm" c="red" role="alert">
                {refusal}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("messages.cancel")}
              </Button>
              <Button type="submit" color="red" loading={command.busy} data-testid="report-send">
                {t("messages.report.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Someone else's message's small menu: report it to the site's moderators. */
export function MessageMenu({ messageId }: { messageId: string }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t("messages.thread.messageMenu")}
            data-testid="message-menu"
          >
            <IconDots size={14} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            color="red"
            leftSection={<IconFlag size={16} aria-hidden />}
            onClick={() => setReporting(true)}
            data-testid="report-message"
          >
            {t("messages.report.action")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {reporting ? <ReportModal messageId={messageId} onClose={() => setReporting(false)} /> : null}
    </>
  );
}
