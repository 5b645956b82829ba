import { ActionIcon, Paper, Stack, Tooltip } from "@mantine/core";
import {
  IconLayoutBottombar,
  IconLayoutNavbar,
  IconPalette,
  IconPencil,
  IconRefresh,
  type TablerIcon,
} from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useLocation } from "react-router";
import { adminTargets, editTargetFor } from "../admin-targets";

function BarLink({ label, href, icon: Icon }: { label: string; href: string; icon: TablerIcon }) {
  return (
    <Tooltip label={label} position="right" withArrow>
      <ActionIcon
        component="a"
        href={href}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * P17: the quick-edit side bar for people who manage the site (manage_options). Rendered only
 * for them, and only on signed-in requests, which the page cache never answers.
 */
export function AdminBar({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [cleared, setCleared] = useState<"idle" | "busy" | "done" | "failed">("idle");

  async function clearPageCache() {
    setCleared("busy");
    const query = new URLSearchParams({ site: accountId, path: pathname.slice(1) });
    const response = await fetch(`/api/site/revalidateCache?${query}`).catch(() => null);
    setCleared(response?.ok ? "done" : "failed");
  }

  const clearLabel: Record<typeof cleared, string> = {
    idle: t("site.admin.clearCache"),
    busy: t("site.admin.clearCache"),
    done: t("site.admin.cacheCleared"),
    failed: t("site.admin.cacheFailed"),
  };
  const items: ReactNode[] = [
    <BarLink
      key="edit"
      label={t("site.admin.editPage")}
      href={editTargetFor(pathname)}
      icon={IconPencil}
    />,
    <BarLink
      key="theme"
      label={t("site.admin.theme")}
      href={adminTargets.theme}
      icon={IconPalette}
    />,
    <BarLink
      key="header"
      label={t("site.admin.header")}
      href={adminTargets.header}
      icon={IconLayoutNavbar}
    />,
    <BarLink
      key="footer"
      label={t("site.admin.footer")}
      href={adminTargets.footer}
      icon={IconLayoutBottombar}
    />,
  ];
  return (
    <Paper
      component="nav"
      aria-label={t("site.admin.label")}
      data-testid="admin-bar"
      shadow="md"
      radius="md"
      withBorder
      p={4}
      pos="fixed"
      left={8}
      top="40%"
      style={{ zIndex: 150 }}
    >
      <Stack gap={4}>
        <Tooltip
          label={clearLabel[cleared]}
          position="right"
          withArrow
          opened={cleared === "done" || cleared === "failed" ? true : undefined}
        >
          <ActionIcon
            variant="subtle"
            color={cleared === "failed" ? "red" : cleared === "done" ? "teal" : "gray"}
            size="lg"
            aria-label={clearLabel[cleared]}
            loading={cleared === "busy"}
            onClick={() => void clearPageCache()}
          >
            <IconRefresh size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {items}
      </Stack>
    </Paper>
  );
}
