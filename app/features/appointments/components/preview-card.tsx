import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AppointmentTypeRow, SlotPreview } from "../appointment-shapes";

/** The open times the hours give over the next week, in the host's zone. */
export function PreviewCard({
  preview,
  types,
  zone,
}: {
  preview: SlotPreview | null;
  types: AppointmentTypeRow[];
  zone: string;
}) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const clock = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short", timeZone: "UTC" });
  // "HH:MM" in the host's zone, written as the reader writes times.
  const time = (wall: string) =>
    clock.format(Date.UTC(2024, 0, 1, Number(wall.slice(0, 2)), Number(wall.slice(3, 5))));
  const type = types.find((one) => one.id === preview?.typeId);
  return (
    <Card withBorder padding="lg" data-testid="appointments-preview">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("appointments.setup.preview")}
        </Title>
        {!preview || !type ? (
          <Text size="sm" c="dimmed">
            {t("appointments.setup.previewEmpty")}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("appointments.setup.previewOf", { title: type.title, zone })}
            </Text>
            {preview.days.length === 0 ? (
              <Text size="sm">{t("appointments.setup.noneOpen")}</Text>
            ) : (
              preview.days.map((one) => (
                <Stack key={one.date} gap={4} data-testid="appointments-preview-day">
                  <Text size="sm" fw={500}>
                    {day.format(Date.parse(`${one.date}T00:00:00Z`))}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    {one.times.map((wall, index) => (
                      <Badge key={`${wall}-${index}`} variant="outline" color="gray" tt="none">
                        {time(wall)}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              ))
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
