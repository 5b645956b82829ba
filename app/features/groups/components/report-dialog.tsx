import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { REPORT_REASON_MAX } from "~/features/moderation/moderation";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useGroupCommand, useRefusal } from "./group-words";

type Target = { postId: string; commentId: string | null };

/** The report's form: an optional reason, then the thanks once it is filed. */
function ReportForm({ postId, commentId, onClose }: Target & { onClose: () => void }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const [reason, setReason] = useState("");
  if (command.answer?.ok)
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck size={18} aria-hidden />}
          role="status"
          data-testid="report-thanks"
        >
          {t("groups.report.thanks")}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t("groups.screen.close")}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void command.send({ intent: "report", postId, commentId, reason: reason.trim() });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("groups.report.help")}
        </Text>
        <Textarea
          label={t("groups.report.reason")}
          placeholder={t("groups.report.reasonPlaceholder")}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={REPORT_REASON_MAX}
          autosize
          minRows={2}
          maxRows={6}
          dir="auto"
          data-autofocus
          data-testid="report-reason"
        />
        {refusal ? (
          <Text size="sm" c="red" role="alert">
            {refusal}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t("groups.screen.cancel")}
          </Button>
          <Button type="submit" color="red" loading={command.busy} data-testid="report-send">
            {t("groups.report.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks why a post or comment is reported and files it for the group's moderators. */
export function ReportDialog({
  opened,
  onClose,
  postId,
  commentId,
}: Target & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(commentId ? "groups.report.titleComment" : "groups.report.titlePost")}
    >
      {/* The form is made anew at each opening (the modal drops its content once closed). */}
      <ReportForm postId={postId} commentId={commentId} onClose={onClose} />
    </Modal>
  );
}
