import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  useDirection,
} from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { appointmentsApiPaths } from "../appointment-shapes";
import { byDayIn, zoneLabel } from "../local-times";
import type { Slot } from "../slots";
import { callAppointments } from "./api-call";

const DAY = 24 * 60 * 60 * 1000;
/** One page of the picker: a week. */
const PAGE_DAYS = 7;

/**
 * A type's open times a week at a time, in the zone the reader picks (their browser's, found
 * when the page opens, or any other): each a button. The server reckons the slots; this only
 * writes them in the chosen zone.
 */
export function SlotPicker({
  typeId,
  windowDays,
  zone,
  onZone,
  initial,
  selected,
  onSelect,
  reload = 0,
  zoneHelp = "appointments.book.zoneHelp",
}: {
  typeId: string;
  windowDays: number;
  zone: string;
  onZone: (zone: string) => void;
  /** The first week's slots as the server found them (shown before any request). */
  initial?: { from: number; slots: Slot[] };
  selected: string | null;
  onSelect: (slot: Slot) => void;
  /** Raised by the caller to fetch the week again (after a refused booking). */
  reload?: number;
  /** What the zone picker says about the zone it starts with (an i18n key). */
  zoneHelp?: string;
}) {
  const { t, i18n } = useTranslation();
  // Earlier and later point the way the reader's script runs.
  const flip = useDirection().dir === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const [page, setPage] = useState(0);
  const [origin] = useState(() => initial?.from ?? Date.now());
  const [week, setWeek] = useState<{ key: string; slots: Slot[] } | null>(
    initial ? { key: `0:${reload}`, slots: initial.slots } : null,
  );
  const [failed, setFailed] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(windowDays / PAGE_DAYS));
  const key = `${page}:${reload}`;

  useEffect(() => {
    if (week?.key === key) return;
    let live = true;
    const from = new Date(origin + page * PAGE_DAYS * DAY).toISOString();
    const to = new Date(origin + (page + 1) * PAGE_DAYS * DAY).toISOString();
    setFailed(null);
    void callAppointments<{ slots: Slot[] }>(appointmentsApiPaths.slots(typeId, from, to)).then(
      (answer) => {
        if (!live) return;
        if (answer.ok) setWeek({ key, slots: answer.data.slots });
        else setFailed(answer.errorKey);
      },
    );
    return () => {
      live = false;
    };
    // The week shown is fetched once per page and reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, typeId, origin]);

  const days = useMemo(
    () => (week?.key === key ? byDayIn(week.slots, zone, i18n.language) : null),
    [week, key, zone, i18n.language],
  );
  // The browser's own list of zones (the picked one always in it).
  const zoneOptions = useMemo(() => {
    const known = Intl.supportedValuesOf("timeZone");
    return (known.includes(zone) ? known : [zone, ...known]).map((value) => ({
      value,
      label: zoneLabel(value),
    }));
  }, [zone]);

  return (
    <Stack gap="md" data-testid="slot-picker">
      <Select
        label={t("appointments.book.zone")}
        description={t(zoneHelp)}
        data={zoneOptions}
        value={zone}
        onChange={(value) => value && onZone(value)}
        searchable
        allowDeselect={false}
        maxDropdownHeight={280}
        data-testid="slot-zone"
      />
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          onClick={() => setPage((value) => Math.max(0, value - 1))}
          disabled={page === 0}
          aria-label={t("appointments.book.earlier")}
        >
          <IconChevronLeft size={16} aria-hidden style={flip} />
        </ActionIcon>
        <Text size="sm" fw={500}>
          {t("appointments.book.week", { count: page + 1, total: pages })}
        </Text>
        <ActionIcon
          variant="default"
          onClick={() => setPage((value) => Math.min(pages - 1, value + 1))}
          disabled={page >= pages - 1}
          aria-label={t("appointments.book.later")}
        >
          <IconChevronRight size={16} aria-hidden style={flip} />
        </ActionIcon>
      </Group>
      {failed ? (
        <Text c="red" size="sm" role="alert">
          {t(failed)}
        </Text>
      ) : !days ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t("appointments.book.loading")} />
        </Group>
      ) : days.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="slot-none">
          {t("appointments.book.noneThisWeek")}
        </Text>
      ) : (
        days.map((day) => (
          <Stack key={day.date} gap={6} data-testid="slot-day" data-date={day.date}>
            <Text size="sm" fw={600}>
              {day.label}
            </Text>
            <ResponsiveSimpleGrid cols={{ base: 3, sm: 5 }} spacing={6}>
              {day.items.map((slot) => (
                <Button
                  key={slot.start}
                  size="xs"
                  variant={selected === slot.start ? "filled" : "default"}
                  aria-pressed={selected === slot.start}
                  onClick={() => onSelect(slot)}
                  data-start={slot.start}
                >
                  {slot.time}
                </Button>
              ))}
            </ResponsiveSimpleGrid>
          </Stack>
        ))
      )}
    </Stack>
  );
}
