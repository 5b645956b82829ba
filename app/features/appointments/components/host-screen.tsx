import { Stack, Tabs, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  AppointmentTypeRow,
  BookingRow,
  SellingProduct,
  SlotPreview,
} from "../appointment-shapes";
import type { Availability } from "../availability";
import { BookingList } from "./bookings-screen";
import { HostCalendar } from "./host-calendar";
import { HoursCard } from "./hours-card";
import { PreviewCard } from "./preview-card";
import { TypesCard } from "./types-card";

const tabs = ["upcoming", "calendar", "past", "hours"] as const;
type Tab = (typeof tabs)[number];

/**
 * Issue 36 `/dashboard/appointments` (decision 076): sessions to come as a list and as a week's
 * calendar, and past ones — a host's the sessions they hold, with their own hours and types (an
 * instructor sets them here; managers have the same cards on the site's setup screen), any
 * other member's the sessions they booked.
 */
export function HostAppointmentsScreen({
  upcoming,
  past,
  setup,
  zone,
  now,
}: {
  upcoming: BookingRow[];
  past: BookingRow[];
  /** A host's hours and types; null for a member who hosts nothing. */
  setup: {
    availability: Availability;
    saved: boolean;
    types: AppointmentTypeRow[];
    preview: SlotPreview | null;
    products: SellingProduct[];
    zones: string[];
  } | null;
  /** The calendar's zone: a host's own, else the member's booking zone. */
  zone: string;
  now: number;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab =
    tabs.includes(asked as Tab) && (asked !== "hours" || setup) ? (asked as Tab) : "upcoming";
  return (
    <Stack gap="lg" data-testid="host-appointments">
      <div>
        <Title order={1} size="h2">
          {t("appointments.hosting.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t(setup ? "appointments.hosting.intro" : "appointments.bookings.intro")}
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
          {setup ? <Tabs.Tab value="hours">{t("appointments.hosting.hours")}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="upcoming">
          <BookingList
            rows={upcoming}
            empty={t(
              setup ? "appointments.hosting.noneUpcoming" : "appointments.bookings.noneUpcoming",
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <HostCalendar bookings={upcoming} zone={zone} now={now} />
        </Tabs.Panel>
        <Tabs.Panel value="past">
          <BookingList rows={past} empty={t("appointments.bookings.nonePast")} />
        </Tabs.Panel>
        {setup ? (
          <Tabs.Panel value="hours">
            <Stack gap="lg" py="md">
              <HoursCard
                availability={setup.availability}
                saved={setup.saved}
                zones={setup.zones}
              />
              <TypesCard key={setup.types.length} types={setup.types} products={setup.products} />
              <PreviewCard
                preview={setup.preview}
                types={setup.types}
                zone={setup.availability.zone}
              />
            </Stack>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
