import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useSettingsSave } from "~/features/options/options";
import { moved } from "~/ui/settings/moved";
import { memberMenuPart } from "../dashboard-option";
import { memberMenuIds } from "../menus";

/** The stored order first, then the items it leaves out, unchecked. */
function initialRows(enabled: string[] | null) {
  if (!enabled) return memberMenuIds.map((id) => ({ id, on: true }));
  const known = enabled.filter((id) => memberMenuIds.includes(id));
  return [
    ...known.map((id) => ({ id, on: true })),
    ...memberMenuIds.filter((id) => !known.includes(id)).map((id) => ({ id, on: false })),
  ];
}

/**
 * D8: which member-menu items members see, and in which order. Items a member may not see
 * (a feature off, a capability missing) stay hidden whatever is chosen here. Saved through the
 * site hub's action, as every settings editor is.
 */
export function MemberMenuEditor({ enabled }: { enabled: string[] | null }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(() => initialRows(enabled));
  const { save, status } = useSettingsSave(memberMenuPart);

  const move = (index: number, by: -1 | 1) => setRows((current) => moved(current, index, by));

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4">
        {t("dashboard.memberMenu.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("dashboard.memberMenu.text")}
      </Text>
      <Stack gap={6} data-testid="member-menu-editor">
        {rows.map((row, index) => (
          <Group key={row.id} justify="space-between" wrap="nowrap">
            <Checkbox
              label={t(`dashboard.menu.${row.id}`)}
              checked={row.on}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setRows((current) => current.map((r) => (r.id === row.id ? { ...r, on } : r)));
              }}
            />
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={index === 0}
                aria-label={t("dashboard.memberMenu.up", { item: t(`dashboard.menu.${row.id}`) })}
                onClick={() => move(index, -1)}
              >
                <IconChevronUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={index === rows.length - 1}
                aria-label={t("dashboard.memberMenu.down", { item: t(`dashboard.menu.${row.id}`) })}
                onClick={() => move(index, 1)}
              >
                <IconChevronDown size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <Group mt="md" gap="sm">
        <Button
          loading={status === "saving"}
          onClick={() => save(rows.filter((row) => row.on).map((row) => row.id))}
        >
          {t("dashboard.memberMenu.save")}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setRows(initialRows(null));
            save(null);
          }}
        >
          {t("dashboard.memberMenu.reset")}
        </Button>
        <Text size="sm" role="status" c={status === "saved" ? "dimmed" : "red"}>
          {status === "saved" ? t("dashboard.memberMenu.saved") : null}
          {status === "failed" || status === "invalid" ? t("dashboard.memberMenu.failed") : null}
        </Text>
      </Group>
    </Paper>
  );
}
