import { Button, Group } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";

const tabs = [
  { id: "accounts", to: "/dashboard/accounts", label: "dashboard.sections.accounts.title" },
  { id: "owners", to: "/dashboard/accounts/owners", label: "dashboard.sections.owners.title" },
  { id: "audit", to: "/dashboard/accounts/audit", label: "dashboard.sections.audit.title" },
] as const;

export type ConsoleTab = (typeof tabs)[number]["id"];

/** The console's three views of the sites, as links (each its own address). */
export function ConsoleTabs({ active }: { active: ConsoleTab }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t("console.tabs.label")} gap="xs">
      {tabs.map((tab) => (
        <Button
          key={tab.id}
          component={Link}
          to={tab.to}
          size="compact-md"
          variant={tab.id === active ? "filled" : "default"}
          aria-current={tab.id === active ? "page" : undefined}
        >
          {t(tab.label)}
        </Button>
      ))}
    </Group>
  );
}
