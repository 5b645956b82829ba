import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { INVITE_DAYS } from "~/features/members/members";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { InviteRow } from "../member-shapes";
import { useMemberCommand } from "./member-command";
import { useMemberWords } from "./member-words";

/**
 * Issue 35 invitations still waiting (decision 074): who was invited, with which role, and until
 * when it holds; each sent again (a new mail and a new term) or withdrawn.
 */
export function InvitesPanel({ invites }: { invites: InviteRow[] }) {
  const { t } = useTranslation();
  if (invites.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="invites">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t("members.invites.title", { total: invites.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t("members.invites.help", { days: INVITE_DAYS })}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("members.columns.email")}</Table.Th>
                <Table.Th>{t("members.columns.role")}</Table.Th>
                <Table.Th>{t("members.invites.sent")}</Table.Th>
                <Table.Th>{t("members.invites.expires")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("members.invites.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invites.map((invite) => (
                <InviteLine key={invite.email} invite={invite} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

function InviteLine({ invite }: { invite: InviteRow }) {
  const { t, i18n } = useTranslation();
  const words = useMemberWords();
  const command = useMemberCommand();
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <Table.Tr data-testid="invite-row">
      <Table.Td>
        <Text size="sm" dir="ltr">
          {invite.email}
        </Text>
        {command.refusal ? (
          <Alert color="red" p={4} mt={4} role="alert">
            {command.refusal}
          </Alert>
        ) : null}
      </Table.Td>
      <Table.Td>
        {invite.role ? words.role(invite.role) : t("members.invites.defaultRole")}
      </Table.Td>
      <Table.Td>{day.format(new Date(invite.invitedAt))}</Table.Td>
      <Table.Td>
        {invite.expired ? (
          <Badge variant="light" color="gray">
            {t("members.invites.expired")}
          </Badge>
        ) : (
          day.format(new Date(invite.expiresAt))
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            loading={command.busy}
            onClick={() =>
              void command.send({
                intent: "invite",
                emails: [invite.email],
                ...(invite.role ? { role: invite.role } : {}),
              })
            }
            aria-label={t("members.invites.resendTo", { email: invite.email })}
          >
            {t("members.invites.resend")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={command.busy}
            onClick={() => void command.send({ intent: "revokeInvite", email: invite.email })}
            aria-label={t("members.invites.revokeFrom", { email: invite.email })}
          >
            {t("members.invites.revoke")}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
