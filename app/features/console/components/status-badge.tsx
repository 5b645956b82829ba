import { Badge } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

// Filled badges in dark shades: white text on them reads at 4.5:1 or more in both schemes.
export function AccountStatusBadge({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={suspended ? "red.9" : "teal.9"} variant="filled" data-testid="account-status">
      {t(`console.status.${suspended ? "suspended" : "active"}`)}
    </Badge>
  );
}
