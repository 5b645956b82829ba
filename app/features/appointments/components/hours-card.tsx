import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { Availability, TimeRange } from "../availability";
import { CommandOutcome, useJsonCommand } from "~/ui/json-command";

/** Monday first, in the reader's language. */
function useWeekdays() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2024, 0, 1 + day)));
  }, [i18n.language]);
}

type NumberKey =
  | "bufferBeforeMinutes"
  | "bufferAfterMinutes"
  | "noticeMinutes"
  | "maxPerDay"
  | "windowDays"
  | "changeNoticeMinutes"
  | "maxReschedules";

/** The rules set by number, with their bounds (availabilitySchema's). */
const numberFields: { key: NumberKey; label: string; help?: string; min: number; max: number }[] = [
  { key: "bufferBeforeMinutes", label: "appointments.setup.bufferBefore", min: 0, max: 240 },
  { key: "bufferAfterMinutes", label: "appointments.setup.bufferAfter", min: 0, max: 240 },
  { key: "noticeMinutes", label: "appointments.setup.notice", min: 0, max: 86400 },
  {
    key: "maxPerDay",
    label: "appointments.setup.maxPerDay",
    help: "appointments.setup.maxPerDayHelp",
    min: 0,
    max: 100,
  },
  { key: "windowDays", label: "appointments.setup.window", min: 1, max: 730 },
  // The owner's rules for changes (decision 076).
  { key: "changeNoticeMinutes", label: "appointments.setup.changeNotice", min: 0, max: 43200 },
  { key: "maxReschedules", label: "appointments.setup.maxReschedules", min: 0, max: 10 },
];

/** The host's weekly hours in their zone, breaks, notice, limits and days off. */
export function HoursCard({
  availability,
  saved,
  zones,
}: {
  availability: Availability;
  saved: boolean;
  zones: string[];
}) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const command = useJsonCommand();
  const [rules, setRules] = useState(availability);
  const [otherHours, setOtherHours] = useState({ start: "", end: "" });
  const withHours = otherHours.start !== "" || otherHours.end !== "";
  const [dayOff, setDayOff] = useState("");
  const setDay = (day: number, ranges: TimeRange[]) =>
    setRules((all) => ({
      ...all,
      weekly: all.weekly.map((one, at) => (at === day ? ranges : one)),
    }));
  const setRange = (day: number, index: number, change: Partial<TimeRange>) =>
    setDay(
      day,
      rules.weekly[day]!.map((one, at) => (at === index ? { ...one, ...change } : one)),
    );
  const number = (key: keyof Availability) => (value: string | number) =>
    setRules((all) => ({ ...all, [key]: typeof value === "number" ? value : 0 }));

  function save(event: FormEvent) {
    event.preventDefault();
    void command.send({ intent: "availability", ...rules });
  }

  return (
    <Card withBorder padding="lg" data-testid="appointments-hours">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t("appointments.setup.hours")}
            </Title>
            {saved ? null : (
              <Badge variant="light" color="yellow" data-testid="appointments-not-saved">
                {t("appointments.setup.notSaved")}
              </Badge>
            )}
          </Group>
          <Select
            label={t("appointments.setup.zone")}
            description={t("appointments.setup.zoneHelp")}
            data={zones}
            value={rules.zone}
            onChange={(zone) => zone && setRules((all) => ({ ...all, zone }))}
            searchable
            allowDeselect={false}
            maw={360}
            data-testid="appointments-zone"
          />
          <Stack gap="xs">
            {weekdays.map((name, day) => (
              <Group
                key={name}
                align="flex-start"
                gap="sm"
                wrap="wrap"
                data-testid="appointments-day"
              >
                <Text w={120} fw={500} size="sm" pt={6}>
                  {name}
                </Text>
                <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
                  {rules.weekly[day]!.length === 0 ? (
                    <Text size="sm" c="dimmed" pt={6}>
                      {t("appointments.setup.unavailable")}
                    </Text>
                  ) : null}
                  {rules.weekly[day]!.map((range, index) => (
                    <Group key={index} gap="xs" wrap="nowrap">
                      <TextInput
                        type="time"
                        step={300}
                        aria-label={t("appointments.setup.from", { day: name })}
                        value={range.start}
                        onChange={(event) =>
                          setRange(day, index, { start: event.currentTarget.value })
                        }
                      />
                      <Text size="sm" aria-hidden>
                        –
                      </Text>
                      <TextInput
                        type="time"
                        step={300}
                        aria-label={t("appointments.setup.to", { day: name })}
                        value={range.end === "24:00" ? "23:59" : range.end}
                        onChange={(event) =>
                          setRange(day, index, { end: event.currentTarget.value })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("appointments.setup.removeHours", { day: name })}
                        onClick={() =>
                          setDay(
                            day,
                            rules.weekly[day]!.filter((_, at) => at !== index),
                          )
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ))}
                </Stack>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() =>
                    setDay(day, [...rules.weekly[day]!, { start: "09:00", end: "17:00" }])
                  }
                  aria-label={t("appointments.setup.addHours", { day: name })}
                  disabled={rules.weekly[day]!.length >= 6}
                >
                  {t("appointments.setup.add")}
                </Button>
              </Group>
            ))}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {numberFields.map((field) => (
              <NumberInput
                key={field.key}
                label={t(field.label)}
                description={field.help ? t(field.help) : undefined}
                min={field.min}
                max={field.max}
                value={rules[field.key]}
                onChange={number(field.key)}
              />
            ))}
          </SimpleGrid>
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t("appointments.setup.daysOff")}
            </Text>
            <Group gap="xs" wrap="wrap">
              {rules.overrides.map((override) => (
                <Badge
                  key={override.date}
                  variant="light"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={t("appointments.setup.removeDayOff", { date: override.date })}
                      onClick={() =>
                        setRules((all) => ({
                          ...all,
                          overrides: all.overrides.filter((one) => one.date !== override.date),
                        }))
                      }
                    >
                      <IconTrash size={12} aria-hidden />
                    </ActionIcon>
                  }
                >
                  {override.ranges.length === 0
                    ? t("appointments.setup.dayOffBadge", { date: override.date })
                    : `${override.date}: ${override.ranges
                        .map((range) => `${range.start}–${range.end}`)
                        .join(", ")}`}
                </Badge>
              ))}
            </Group>
            <Group gap="xs" align="flex-end">
              <TextInput
                type="date"
                label={t("appointments.setup.dayOff")}
                value={dayOff}
                onChange={(event) => setDayOff(event.currentTarget.value)}
              />
              {/* Hours on that date instead of the week's; none: the day is off. */}
              <TextInput
                type="time"
                step={300}
                label={t("appointments.setup.otherFrom")}
                value={otherHours.start}
                onChange={(event) => {
                  const start = event.currentTarget.value;
                  setOtherHours((hours) => ({ ...hours, start }));
                }}
              />
              <TextInput
                type="time"
                step={300}
                label={t("appointments.setup.otherTo")}
                value={otherHours.end}
                onChange={(event) => {
                  const end = event.currentTarget.value;
                  setOtherHours((hours) => ({ ...hours, end }));
                }}
              />
              <Button
                variant="default"
                disabled={
                  !dayOff ||
                  rules.overrides.some((one) => one.date === dayOff) ||
                  (withHours && !(otherHours.start < otherHours.end))
                }
                onClick={() => {
                  const ranges = withHours ? [{ ...otherHours }] : [];
                  setRules((all) => ({
                    ...all,
                    overrides: [...all.overrides, { date: dayOff, ranges }].sort((a, b) =>
                      a.date.localeCompare(b.date),
                    ),
                  }));
                  setDayOff("");
                  setOtherHours({ start: "", end: "" });
                }}
              >
                {t(withHours ? "appointments.setup.addOtherHours" : "appointments.setup.addDayOff")}
              </Button>
            </Group>
          </Stack>
          <CommandOutcome answer={command.answer} saved={t("appointments.setup.hoursSaved")} />
          <Group justify="flex-end">
            <Button type="submit" loading={command.busy} data-testid="appointments-save-hours">
              {t("appointments.setup.saveHours")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
