import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AppointmentTypeRow, BookingRow, SlotPreview } from "../appointment-shapes";
import type { Availability } from "../availability";
import { BookingList } from "./bookings-screen";
import { HostCalendar } from "./host-calendar";
import { HoursCard } from "./hours-card";
import { PreviewCard } from "./preview-card";
import { TypesCard } from "./types-card";

const tabs = ["upcoming", "calendar", "past", "hours"] as const;
type Tab = (typeof tabs)[number];

/**
 * Issue 36 `/dashboard/appointments` (decision 076): a host's sessions to come as a list and as
 * a week's calendar, past ones, and their own hours and appointment types (an instructor sets
 * them here; managers have the same cards on the site's setup screen).
 */
export function HostAppointmentsScreen({
  upcoming,
  past,
  setup,
  now,
}: {
  upcoming: BookingRow[];
  past: BookingRow[];
  setup: {
    availability: Availability;
    saved: boolean;
    types: AppointmentTypeRow[];
    preview: SlotPreview | null;
    zones: string[];
  };
  now: number;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = tabs.includes(asked as Tab) ? (asked as Tab) : "upcoming";
  return (
    <Stack gap="lg" data-testid="host-appointments">
      <div>
        <Title order={1} size="h2">
          {t("appointments.hosting.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("appointments.hosting.intro")}
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value === "upcoming" ? {} : { tab: value ?? "" })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="upcoming">
            {t("appointments.bookings.upcoming", { count: upcoming.length })}
          </Tabs.Tab>
          <Tabs.Tab value="calendar">{t("appointments.hosting.calendar")}</Tabs.Tab>
          <Tabs.Tab value="past">{t("appointments.bookings.past")}</Tabs.Tab>
          <Tabs.Tab value="hours">{t("appointments.hosting.hours")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming">
          <BookingList rows={upcoming} empty={t("appointments.hosting.noneUpcoming")} />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <HostCalendar bookings={upcoming} zone={setup.availability.zone} now={now} />
        </Tabs.Panel>
        <Tabs.Panel value="past">
          <BookingList rows={past} empty={t("appointments.bookings.nonePast")} />
        </Tabs.Panel>
        <Tabs.Panel value="hours">
          <Stack gap="lg" py="md">
            <HoursCard availability={setup.availability} saved={setup.saved} zones={setup.zones} />
            <TypesCard key={setup.types.length} types={setup.types} />
            <PreviewCard
              preview={setup.preview}
              types={setup.types}
              zone={setup.availability.zone}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
