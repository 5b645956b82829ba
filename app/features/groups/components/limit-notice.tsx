import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";

/** The plan's notice (its cap `limit` is reached; 0 would be no cap), as the billing screen words it: what the cap is, and where to raise it. */
export function GroupLimitNotice({ limit }: { limit: number }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" data-testid="group-limit">
      <Stack gap={6}>
        <Text size="sm">{t("groups.screen.limitReached", { limit })}</Text>
        <Anchor component={Link} to="/dashboard/billing" size="sm" fw={600}>
          {t("groups.screen.upgrade")}
        </Anchor>
      </Stack>
    </Alert>
  );
}
