import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useActionData } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { GroupAnswer, GroupCard, GroupTies } from "../group-shapes";
import { GroupCardView } from "./group-card";
import { emptyGroup, GroupForm } from "./group-form";
import { GroupLimitNotice } from "./limit-notice";

/**
 * Issue 35 `/dashboard/groups`: the groups the viewer may see, as cards, each with what the
 * viewer may do there; the site's managers add groups (up to the plan's cap).
 */
export function GroupsScreen({
  groups,
  canManage,
  limit,
  ties,
}: {
  groups: GroupCard[];
  /** The viewer holds `manage_options`: they add groups. */
  canManage: boolean;
  /** The plan's cap on groups; 0 = no cap. */
  limit: number;
  ties: GroupTies;
}) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(0);
  // A command a group's page sent here as it left it (leaving a hidden group, deleting one).
  const sent = useActionData<GroupAnswer>();
  const full = limit > 0 && groups.length >= limit;
  return (
    <Stack gap="md" data-testid="groups-screen">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t("dashboard.sections.groups.title")}
        </Title>
        {canManage ? (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating((count) => count + 1)}
            disabled={full}
            data-testid="group-new"
          >
            {t("groups.screen.new")}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t("groups.screen.help")}
      </Text>
      {canManage && full ? <GroupLimitNotice limit={limit} /> : null}
      {sent && !sent.ok ? (
        <Alert color="red" variant="light" role="alert">
          {t(errorKeyOf(sent.code))}
        </Alert>
      ) : null}
      {groups.length === 0 ? (
        <Paper withBorder radius="md" p="xl" data-testid="groups-empty">
          <Stack align="center" gap="xs" ta="center">
            <IconUsersGroup
              size={40}
              stroke={1.5}
              aria-hidden
              color="var(--mantine-color-dimmed)"
            />
            <Text fw={600}>{t("groups.screen.emptyTitle")}</Text>
            <Text size="sm" c="dimmed">
              {canManage ? t("groups.screen.emptyManager") : t("groups.screen.empty")}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="groups">
          {groups.map((group) => (
            <GroupCardView key={group.id} group={group} />
          ))}
        </SimpleGrid>
      )}
      {canManage && creating > 0 ? (
        <GroupForm
          // A fresh form each time it opens.
          key={creating}
          opened
          onClose={() => setCreating(0)}
          groupId={null}
          initial={emptyGroup}
          ties={ties}
          limit={limit}
        />
      ) : null}
    </Stack>
  );
}
