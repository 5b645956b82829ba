import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { moved } from "~/ui/settings/moved";
import { memberMenuIds } from "../menus";

type Status = "idle" | "saving" | "saved" | "failed";

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
 * (a feature off, a capability missing) stay hidden whatever is chosen here.
 */
export function MemberMenuEditor({ enabled }: { enabled: string[] | null }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(() => initialRows(enabled));
  const [status, setStatus] = useState<Status>("idle");

  const move = (index: number, by: -1 | 1) => setRows((current) => moved(current, index, by));

  async function save(value: string[] | null) {
    setStatus("saving");
    const response = await fetch("/api/site/options/dashboard", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ member_menu: value }),
    }).catch(() => null);
    setStatus(response?.ok ? "saved" : "failed");
  }

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
          onClick={() => void save(rows.filter((row) => row.on).map((row) => row.id))}
        >
          {t("dashboard.memberMenu.save")}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setRows(initialRows(null));
            void save(null);
          }}
        >
          {t("dashboard.memberMenu.reset")}
        </Button>
        <Text size="sm" role="status" c={status === "failed" ? "red" : "dimmed"}>
          {status === "saved" ? t("dashboard.memberMenu.saved") : null}
          {status === "failed" ? t("dashboard.memberMenu.failed") : null}
        </Text>
      </Group>
    </Paper>
  );
}
