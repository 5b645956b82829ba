import { Paper, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { dateIn } from "~/features/orders/orders";
import type { BillingView } from "./billing-view";

// Dark shades: the bar and its caption read in light, dark and night alike.
const stateColours = { ok: "teal.8", near: "yellow.8", grace: "orange.8", limited: "red.8" };

/** Spec §9 usage meters against the plan's limits (0 when the plan names none). */
export function UsageMeters({ meters, lang }: { meters: BillingView["meters"]; lang: string }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(lang);
  const date = dateIn(lang);
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t("billing.meters.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="usage-meters">
        {meters.map((meter) => {
          const percent = meter.limit > 0 ? Math.min(100, (meter.used / meter.limit) * 100) : 0;
          const label = t(`usage.meters.${meter.meter}`);
          return (
            <Paper key={meter.meter} withBorder radius="md" p="md" data-meter={meter.meter}>
              <Stack gap={6}>
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <Text size="sm" data-testid={`meter-${meter.meter}`}>
                  {meter.limit > 0
                    ? t("billing.meters.usedOf", {
                        used: number.format(meter.used),
                        limit: number.format(meter.limit),
                      })
                    : t("billing.meters.usedNoLimit", { used: number.format(meter.used) })}
                </Text>
                <Progress
                  value={percent}
                  color={stateColours[meter.state]}
                  aria-label={label}
                  size="sm"
                />
                {meter.state !== "ok" && (
                  <Text size="xs" c={stateColours[meter.state]} data-state={meter.state}>
                    {meter.state === "near" && t("billing.meters.near")}
                    {meter.state === "grace" &&
                      t("billing.meters.grace", { date: date(meter.graceUntil!) })}
                    {meter.state === "limited" && t("billing.meters.limited")}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
