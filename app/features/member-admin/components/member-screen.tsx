import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconTrash, IconUserCheck, IconUserOff } from "@tabler/icons-react";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { MemberAvatar } from "~/features/members/members";
import { dateFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { MEMBERS_PATH, OWNER_ROLE, type MemberDetail, type RoleChoice } from "../member-shapes";
import { useMemberCommand } from "./member-command";
import { Fact, MemberCourses, Section } from "./member-sections";
import { statusColour, useMemberWords } from "./member-words";

/**
 * Issue 35 `/dashboard/manage/user?id=…`: one member for the site's managers: who they are, their
 * role (the site never stays without an active owner; nobody changes their own place), their
 * courses with progress, memberships, groups and points; suspending, reinstating and removing
 * them, each confirmed first with what it does.
 */
export function MemberScreen({ member, roles }: { member: MemberDetail; roles: RoleChoice[] }) {
  const { t, i18n } = useTranslation();
  const words = useMemberWords();
  const navigate = useNavigate();
  const command = useMemberCommand();
  const [role, setRole] = useState(member.role);
  const [asking, setAsking] = useState<"suspend" | "remove" | null>(null);
  const day = dateFormat(i18n.language, { dateStyle: "medium" });
  const number = new Intl.NumberFormat(i18n.language);
  const status = member.suspendedAt ? "suspended" : "active";
  const locked = member.self || !member.mayTouch;
  const answer = command.answer;
  useEffect(() => {
    if (!answer?.ok) return;
    setAsking(null);
    if (answer.intent === "remove") void navigate(MEMBERS_PATH, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);
  useEffect(() => setRole(member.role), [member.role]);
  const roleChoices = roles
    .filter((one) => one.name !== OWNER_ROLE || member.viewerOwns || member.role === OWNER_ROLE)
    .map((one) => ({ value: one.name, label: words.role(one.name) }));
  const note = member.self
    ? t("members.member.selfNote")
    : !member.mayTouch
      ? t("members.member.ownerOnly")
      : member.lastOwner
        ? t("members.member.lastOwnerNote")
        : null;

  return (
    <Stack gap="md" data-testid="member-screen">
      <Anchor component={Link} to={MEMBERS_PATH} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t("members.member.back")}
        </Group>
      </Anchor>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" wrap="wrap" gap="md" align="flex-start">
          <Group gap="md" wrap="nowrap">
            <MemberAvatar
              name={member.name}
              src={member.avatar}
              userId={member.userId}
              variant="avatar"
              size="lg"
            />
            <Stack gap={2}>
              <Title order={1} size="h2" dir="auto">
                {member.name}
              </Title>
              <Text size="sm" c="dimmed" dir="ltr">
                {member.email}
              </Text>
              <Group gap="xs">
                <Badge variant="light" color={statusColour[status]} data-testid="member-status">
                  {words.statuses[status]}
                </Badge>
                <Badge variant="default">{words.role(member.role)}</Badge>
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
            <Fact label={t("members.columns.joined")}>{day.format(new Date(member.joinedAt))}</Fact>
            <Fact label={t("members.columns.lastSeen")}>
              {member.lastSeenAt ? day.format(new Date(member.lastSeenAt)) : t("members.notSeen")}
            </Fact>
            <Fact label={t("members.member.points")}>{number.format(member.points)}</Fact>
          </SimpleGrid>
        </Group>
        {member.suspendedAt ? (
          <Text size="sm" c="red" mt="md">
            {t("members.member.suspendedSince", { date: day.format(new Date(member.suspendedAt)) })}
          </Text>
        ) : null}
      </Paper>

      {command.refusal ? (
        <Alert color="red" variant="light" role="alert" data-testid="member-refusal">
          {command.refusal}
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t("members.member.role")}
              description={t("members.member.roleHelp")}
              data={roleChoices}
              value={role}
              onChange={(value) => value && setRole(value)}
              allowDeselect={false}
              disabled={locked || member.lastOwner || command.busy}
              w={260}
              data-testid="member-role"
            />
            <Button
              variant="default"
              disabled={locked || member.lastOwner || role === member.role}
              loading={command.busy}
              onClick={() => void command.send({ intent: "setRole", userId: member.userId, role })}
              data-testid="member-role-save"
            >
              {t("members.member.saveRole")}
            </Button>
          </Group>
          {note ? (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          ) : null}
          <Group gap="sm" wrap="wrap">
            {member.suspendedAt ? (
              <Button
                variant="light"
                color="teal"
                leftSection={<IconUserCheck size={16} aria-hidden />}
                disabled={locked}
                loading={command.busy}
                onClick={() => void command.send({ intent: "reinstate", userId: member.userId })}
                data-testid="member-reinstate"
              >
                {t("members.member.reinstate")}
              </Button>
            ) : (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconUserOff size={16} aria-hidden />}
                disabled={locked || member.lastOwner}
                onClick={() => setAsking("suspend")}
                data-testid="member-suspend"
              >
                {t("members.member.suspend")}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={locked || member.lastOwner}
              onClick={() => setAsking("remove")}
              data-testid="member-remove"
            >
              {t("members.member.remove")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <MemberCourses member={member} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t("members.member.memberships")}>
          {member.memberships.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("members.member.noMemberships")}
            </Text>
          ) : (
            <List spacing="xs" listStyleType="none">
              {member.memberships.map((level) => (
                <List.Item key={level.id}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={500} dir="auto">
                      {level.title}
                    </Text>
                    <Badge variant="light" size="sm">
                      {words.levelStatuses[level.status] ?? level.status}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {level.expiresAt
                        ? t("members.member.until", { date: day.format(new Date(level.expiresAt)) })
                        : t("members.member.noEnd")}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
        <Section title={t("members.member.groups")}>
          {member.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("members.member.noGroups")}
            </Text>
          ) : (
            <List spacing="xs" listStyleType="none">
              {member.groups.map((group) => (
                <List.Item key={group.id}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor component={Link} to={`/dashboard/groups/${group.slug}`} size="sm">
                      {group.title}
                    </Anchor>
                    <Badge variant="light" size="sm">
                      {words.groupPlaces[group.status === "active" ? group.role : group.status] ??
                        group.status}
                    </Badge>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Section>
      </SimpleGrid>

      {asking === "suspend" ? (
        <Confirm
          title={t("members.suspendDialog.title", { name: member.name })}
          confirm={t("members.suspendDialog.confirm")}
          colour="orange"
          busy={command.busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => void command.send({ intent: "suspend", userId: member.userId })}
        >
          <Text size="sm">{t("members.suspendDialog.body")}</Text>
        </Confirm>
      ) : null}
      {asking === "remove" ? (
        <Confirm
          title={t("members.removeDialog.title", { name: member.name })}
          confirm={t("members.removeDialog.confirm")}
          colour="red"
          busy={command.busy}
          refused={member.records.orders > 0}
          onCancel={() => setAsking(null)}
          onConfirm={() => void command.send({ intent: "remove", userId: member.userId })}
        >
          {member.records.orders > 0 ? (
            <Alert color="orange" variant="light" data-testid="remove-orders">
              {t("members.removeDialog.orders", { total: number.format(member.records.orders) })}
            </Alert>
          ) : null}
          <Text size="sm">{t("members.removeDialog.ends")}</Text>
          {member.records.certificates > 0 ? (
            <Text size="sm" fw={500}>
              {t("members.removeDialog.certificates", {
                total: number.format(member.records.certificates),
              })}
            </Text>
          ) : null}
          {member.records.quizAttempts > 0 ? (
            <Text size="sm">
              {t("members.removeDialog.quizAttempts", {
                total: number.format(member.records.quizAttempts),
              })}
            </Text>
          ) : null}
          <Text size="sm">{t("members.removeDialog.stays")}</Text>
          <Text size="sm">{t("members.removeDialog.rejoin")}</Text>
        </Confirm>
      ) : null}
    </Stack>
  );
}

/** A confirmation: what the action does, then Cancel or the action (refused: no action). */
function Confirm({
  title,
  confirm,
  colour,
  busy,
  refused = false,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  confirm: string;
  colour: string;
  busy: boolean;
  refused?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onCancel}
      title={title}
      closeButtonProps={{ "aria-label": t("members.close") }}
    >
      <Stack gap="sm" data-testid="member-confirm">
        {children}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t("members.cancel")}
          </Button>
          {refused ? null : (
            <Button
              color={colour}
              loading={busy}
              onClick={onConfirm}
              data-testid="member-confirm-go"
            >
              {confirm}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
