import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, useDirection } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { BookingRow } from "../appointment-shapes";
import { byDayIn, dateInZone } from "../local-times";

const DAY = 24 * 60 * 60 * 1000;

/** The seven dates ("YYYY-MM-DD") of the week, Monday first, `weeks` away from `now`'s, in `zone`. */
function weekDates(now: number, zone: string, weeks: number): string[] {
  const today = dateInZone(now, zone);
  const noon = Date.parse(`${today}T12:00:00Z`);
  const weekday = (new Date(noon).getUTCDay() + 6) % 7;
  const monday = noon - weekday * DAY + weeks * 7 * DAY;
  return Array.from({ length: 7 }, (_, n) => new Date(monday + n * DAY).toISOString().slice(0, 10));
}

/**
 * A host's week at a glance, in their own zone: each day's sessions by time, a week earlier or
 * later at a click.
 */
export function HostCalendar({
  bookings,
  zone,
  now,
}: {
  bookings: BookingRow[];
  zone: string;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  // Earlier and later point the way the reader's script runs.
  const flip = useDirection().dir === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const [weeks, setWeeks] = useState(0);
  const dates = weekDates(now, zone, weeks);
  const today = dateInZone(now, zone);
  const byDate = useMemo(
    () => new Map(byDayIn(bookings, zone, i18n.language).map((day) => [day.date, day.items])),
    [bookings, zone, i18n.language],
  );
  const heading = new Intl.DateTimeFormat(i18n.language, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  return (
    <Stack gap="sm" py="md" data-testid="host-calendar">
      <Group justify="space-between">
        <ActionIcon
          variant="default"
          onClick={() => setWeeks((value) => value - 1)}
          aria-label={t("appointments.book.earlier")}
        >
          <IconChevronLeft size={16} aria-hidden style={flip} />
        </ActionIcon>
        <Text size="sm" fw={500}>
          {t("appointments.hosting.weekOf", {
            date: heading.format(Date.parse(`${dates[0]}T12:00:00Z`)),
          })}
        </Text>
        <ActionIcon
          variant="default"
          onClick={() => setWeeks((value) => value + 1)}
          aria-label={t("appointments.book.later")}
        >
          <IconChevronRight size={16} aria-hidden style={flip} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 7 }} spacing={6}>
        {dates.map((date) => (
          <Paper
            key={date}
            withBorder
            p={6}
            mih={96}
            data-testid="calendar-day"
            data-date={date}
            aria-current={date === today ? "date" : undefined}
            style={
              date === today ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined
            }
          >
            <Text size="xs" fw={600} c="dimmed" mb={4}>
              {heading.format(Date.parse(`${date}T12:00:00Z`))}
            </Text>
            <Stack gap={4}>
              {(byDate.get(date) ?? []).map((booking) => (
                <Paper key={booking.id} bg="var(--mantine-primary-color-light)" p={4} radius="sm">
                  <Text size="xs" fw={600}>
                    {booking.time}
                  </Text>
                  <Text size="xs" lineClamp={2}>
                    {booking.title} · {booking.withName}
                  </Text>
                </Paper>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
