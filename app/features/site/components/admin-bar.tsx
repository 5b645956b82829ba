import { ActionIcon, Paper, Stack, Tooltip } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { adminTargets, editTargetFor } from "../admin-targets";

function Icon({ d }: { d: string }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

const icons = {
  refresh: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7",
  edit: "M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4",
  theme:
    "M12 3a9 9 0 1 0 0 18c1 0 1.5-.7 1.5-1.5S13 18 13 17s.8-1.5 2-1.5h2a4 4 0 0 0 4-4C21 7 17 3 12 3z",
  header: "M4 5h16M4 5v5h16V5M7 15h10M7 19h6",
  footer: "M4 19h16M4 19v-5h16v5M7 9h10M7 5h6",
};

function BarLink({ label, href, icon }: { label: string; href: string; icon: string }) {
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
        <Icon d={icon} />
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
      icon={icons.edit}
    />,
    <BarLink
      key="theme"
      label={t("site.admin.theme")}
      href={adminTargets.theme}
      icon={icons.theme}
    />,
    <BarLink
      key="header"
      label={t("site.admin.header")}
      href={adminTargets.header}
      icon={icons.header}
    />,
    <BarLink
      key="footer"
      label={t("site.admin.footer")}
      href={adminTargets.footer}
      icon={icons.footer}
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
            <Icon d={icons.refresh} />
          </ActionIcon>
        </Tooltip>
        {items}
      </Stack>
    </Paper>
  );
}
