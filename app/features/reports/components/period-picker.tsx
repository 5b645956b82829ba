import { Button, Chip, Group, Stack, Text, TextInput } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Form, useSearchParams } from "react-router";
import { MAX_REPORT_DAYS, reportPresets, type ReportPeriod } from "../period";

const choices = [...reportPresets, "custom"] as const;

/**
 * The period: a preset is a link away (`?period=`), a custom range a small form of two days
 * (`?from=&to=`, sent as a GET so the address can be shared and works before scripts load).
 */
export function PeriodPicker({ period, today }: { period: ReportPeriod; today: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const [, setParams] = useSearchParams();
  const [custom, setCustom] = useState(period.preset === "custom");
  const chosen = custom ? "custom" : period.preset;

  const choose = (value: string) => {
    setCustom(value === "custom");
    if (value === "custom") return;
    setParams(new URLSearchParams({ period: value }), { preventScrollReset: true });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id={labelId}>
        {t("reports.period")}
      </Text>
      <Chip.Group multiple={false} value={chosen} onChange={choose}>
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId} data-testid="report-period">
          {choices.map((value) => (
            <Chip key={value} value={value} variant="outline">
              {t(`reports.presets.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {custom ? (
        <Form method="get" preventScrollReset data-testid="custom-period">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              name="from"
              label={t("reports.from")}
              defaultValue={period.from}
              max={today}
              required
            />
            <TextInput
              type="date"
              name="to"
              label={t("reports.to")}
              defaultValue={period.to}
              max={today}
              required
            />
            <Button type="submit">{t("reports.apply")}</Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t("reports.customHint", { days: MAX_REPORT_DAYS })}
          </Text>
        </Form>
      ) : null}
    </Stack>
  );
}
