import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconEyeOff } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { GroupReport } from "../group-shapes";
import { AuthorLine } from "./author-line";
import { useGroupCommand, useRefusal } from "./group-words";
import { RelativeTime } from "./relative-time";

/** One reported post or comment: whose, what it says, how often and why; hide it or keep it. */
function ReportRow({ report }: { report: GroupReport }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const refusal = useRefusal(command.answer);
  const comment = report.kind === "group_comment";
  const target = { postId: report.postId, commentId: comment ? report.targetId : null };
  const pending = command.last?.intent ?? null;
  return (
    <Stack
      gap={6}
      data-testid="report-row"
      data-target-id={report.targetId}
      style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}
      pt="sm"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <AuthorLine author={report.author} size={32}>
          <RelativeTime at={report.lastAt} />
        </AuthorLine>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="gray">
            {t(comment ? "groups.reports.comment" : "groups.reports.post")}
          </Badge>
          <Badge variant="light" color="orange" data-testid="report-count">
            {t("groups.reports.count", { value: report.count })}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" dir="auto" lineClamp={3} style={{ overflowWrap: "anywhere" }}>
        {report.excerpt}
      </Text>
      {report.reasons.length > 0 ? (
        <List size="sm" spacing={2} c="dimmed" aria-label={t("groups.reports.reasons")}>
          {report.reasons.map((reason, index) => (
            <List.Item key={index}>
              <bdi>{reason}</bdi>
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          {t("groups.reports.noReason")}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor href={`#post-${report.postId}`} size="sm">
          {t("groups.reports.show")}
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            color="red"
            leftSection={<IconEyeOff size={14} aria-hidden />}
            loading={pending === "hide"}
            disabled={command.busy}
            onClick={() => void command.send({ intent: "hide", ...target, hidden: true })}
            data-testid="report-hide"
          >
            {t("groups.reports.hide")}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pending === "dismissReport"}
            disabled={command.busy}
            onClick={() => void command.send({ intent: "dismissReport", ...target })}
            data-testid="report-dismiss"
          >
            {t("groups.reports.keep")}
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

/** The group's moderation queue: what members reported, for its moderators to hide or keep. */
export function GroupReports({ reports }: { reports: GroupReport[] }) {
  const { t } = useTranslation();
  if (reports.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="group-reports">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5">
            {t("groups.reports.title", { value: reports.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t("groups.reports.help")}
          </Text>
        </div>
        {reports.map((report) => (
          <ReportRow key={report.targetId} report={report} />
        ))}
      </Stack>
    </Paper>
  );
}
