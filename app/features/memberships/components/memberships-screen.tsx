import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconArrowLeft, IconPencil, IconPlus, IconTrash, IconUsers } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { LevelAnswer, LevelView, RuleOptions } from "../levels.server";
import { LevelForm, levelProblemKey } from "./level-form";

export type LevelHolders = {
  level: { id: string; name: string };
  rows: {
    userId: string;
    name: string;
    email: string;
    status: string;
    source: string;
    startsAt: string;
    expiresAt: string | null;
  }[];
  total: number;
};

/** Issue 16 `/dashboard/manage/ecommerce/memberships`: levels, their rules, their holders. */
export function MembershipsScreen({
  levels,
  options,
  holders,
}: {
  levels: LevelView[];
  options: RuleOptions;
  /** The holders of the level named by `?members=`, when asked. */
  holders: LevelHolders | null;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<LevelView | "new" | null>(
    params.get("new") !== null ? "new" : null,
  );
  const close = useCallback(() => setEditing(null), []);
  const fetcher = useFetcher<LevelAnswer>();
  const showMembers = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("members", id);
    else next.delete("members");
    next.delete("new");
    setParams(next, { preventScrollReset: true });
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/manage/ecommerce" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t("memberships.screen.back")}
        </Group>
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h2">
          {t("memberships.screen.title")}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing("new")}
          data-testid="new-level"
        >
          {t("memberships.screen.new")}
        </Button>
      </Group>
      <Text c="dimmed">{t("memberships.screen.intro")}</Text>
      {levels.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {t("memberships.screen.empty")}
          </Text>
        </Paper>
      ) : (
        levels.map((level) => (
          <Paper key={level.id} withBorder radius="md" p="md" data-testid="level-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Group gap="xs">
                  <Title order={2} fz="h4">
                    {level.name}
                  </Title>
                  <Badge variant="light" color={level.status === "active" ? "green" : "gray"}>
                    {t(`memberships.statuses.${level.status}`)}
                  </Badge>
                </Group>
                <Group gap={4}>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconUsers size={14} aria-hidden />}
                    onClick={() => showMembers(level.id)}
                  >
                    {t("memberships.screen.holders", { count: level.holders })}
                  </Button>
                  <Tooltip label={t("memberships.screen.edit")}>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => setEditing(level)}
                      aria-label={`${t("memberships.screen.edit")}: ${level.name}`}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("memberships.screen.delete")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t("memberships.screen.delete")}: ${level.name}`}
                      onClick={() => {
                        if (
                          !window.confirm(
                            t("memberships.screen.deleteConfirm", { name: level.name }),
                          )
                        )
                          return;
                        void fetcher.submit(
                          { intent: "deleteLevel", id: level.id },
                          { method: "post", encType: "application/json" },
                        );
                      }}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {level.durationDays
                  ? t("memberships.screen.duration", { count: level.durationDays })
                  : t("memberships.screen.forever")}
                {level.description ? ` · ${level.description}` : ""}
              </Text>
              {level.rules.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("memberships.screen.noRules")}
                </Text>
              ) : (
                <Group gap={6} data-testid="level-rules">
                  {level.rules.map((rule) => (
                    <Badge key={rule.id} variant="outline" color="gray" tt="none">
                      {t(`memberships.resources.${rule.resource}`)}: {rule.label}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        ))
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        size="lg"
        title={editing === "new" ? t("memberships.screen.new") : t("memberships.screen.edit")}
        closeButtonProps={{ "aria-label": t("memberships.screen.close") }}
      >
        {editing !== null ? (
          <LevelForm level={editing === "new" ? null : editing} options={options} onDone={close} />
        ) : null}
      </Modal>
      <Drawer
        opened={holders !== null}
        onClose={() => showMembers(null)}
        position="right"
        size="lg"
        title={holders ? t("memberships.holders.title", { name: holders.level.name }) : ""}
        closeButtonProps={{ "aria-label": t("memberships.screen.close") }}
      >
        {holders ? <HoldersPanel holders={holders} /> : null}
      </Drawer>
    </Stack>
  );
}

/** A level's holders: give it to a member by e-mail (until a date), or take it back. */
function HoldersPanel({ holders }: { holders: LevelHolders }) {
  const { t, i18n } = useTranslation();
  const grant = useFetcher<LevelAnswer>();
  const remove = useFetcher<LevelAnswer>();
  const [email, setEmail] = useState("");
  const [until, setUntil] = useState("");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const answer = grant.state === "idle" ? grant.data : undefined;
  return (
    <Stack gap="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void grant.submit(
            { intent: "grantMember", id: holders.level.id, email, expiresAt: until || null },
            { method: "post", encType: "application/json" },
          );
        }}
      >
        <Stack gap="xs">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={t("memberships.holders.email")}
              type="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 2, minWidth: 200 }}
            />
            <TextInput
              label={t("memberships.holders.until")}
              type="date"
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              style={{ flex: 1, minWidth: 150 }}
            />
            <Button type="submit" loading={grant.state !== "idle"}>
              {t("memberships.holders.give")}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {answer ? (
              <Alert color={answer.ok ? "green" : "red"} variant="light">
                {answer.ok ? t("memberships.holders.given") : t(levelProblemKey(answer.code))}
              </Alert>
            ) : null}
          </div>
        </Stack>
      </form>
      {holders.rows.length === 0 ? (
        <Text c="dimmed">{t("memberships.holders.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" data-testid="holders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("memberships.holders.person")}</Table.Th>
                <Table.Th>{t("memberships.holders.state")}</Table.Th>
                <Table.Th>{t("memberships.holders.ends")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("memberships.holders.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holders.rows.map((row) => (
                <Table.Tr key={row.userId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t(`memberships.holders.states.${row.status}`)} ·{" "}
                      {t(`memberships.holders.sources.${row.source}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {row.expiresAt
                      ? date.format(new Date(row.expiresAt))
                      : t("memberships.screen.forever")}
                  </Table.Td>
                  <Table.Td>
                    {row.status === "active" ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        loading={remove.state !== "idle"}
                        onClick={() =>
                          void remove.submit(
                            { intent: "removeMember", id: holders.level.id, userId: row.userId },
                            { method: "post", encType: "application/json" },
                          )
                        }
                      >
                        {t("memberships.holders.remove")}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
