import { Anchor, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { bookingPagePath, type BookableType, type BookingRow } from "../appointment-shapes";
import { BookingCard } from "./booking-card";

/** A list of bookings, or what it means that there are none. */
export function BookingList({ rows, empty }: { rows: BookingRow[]; empty: string }) {
  return rows.length === 0 ? (
    <Text size="sm" c="dimmed" py="md">
      {empty}
    </Text>
  ) : (
    <Stack gap="sm" py="md">
      {rows.map((row) => (
        <BookingCard key={row.id} booking={row} />
      ))}
    </Stack>
  );
}

/**
 * Issue 36 `/dashboard/bookings` (decision 076): a member's sessions to come and past ones, each
 * to add to a calendar, move or cancel by the host's rules; and the sessions they can book.
 */
export function BookingsScreen({
  upcoming,
  past,
  types,
}: {
  upcoming: BookingRow[];
  past: BookingRow[];
  types: BookableType[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="bookings-screen">
      <div>
        <Title order={1} size="h2">
          {t("appointments.bookings.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("appointments.bookings.intro")}
        </Text>
      </div>
      <Tabs defaultValue="upcoming" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="upcoming">
            {t("appointments.bookings.upcoming", { count: upcoming.length })}
          </Tabs.Tab>
          <Tabs.Tab value="past">{t("appointments.bookings.past")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="upcoming">
          <BookingList rows={upcoming} empty={t("appointments.bookings.noneUpcoming")} />
        </Tabs.Panel>
        <Tabs.Panel value="past">
          <BookingList rows={past} empty={t("appointments.bookings.nonePast")} />
        </Tabs.Panel>
      </Tabs>
      <Card withBorder padding="lg" data-testid="bookable-types">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("appointments.bookings.bookNew")}
          </Title>
          {types.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("appointments.bookings.noTypes")}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {types.map((type) => (
                <Card key={type.id} withBorder padding="sm">
                  <Stack gap={2}>
                    <Anchor href={bookingPagePath(type.slug)} fw={600}>
                      {type.title}
                    </Anchor>
                    <Group gap={6}>
                      <Text size="sm" c="dimmed">
                        {t("appointments.book.with", { host: type.hostName })} ·{" "}
                        {t("appointments.setup.minutes", { minutes: type.durationMinutes })}
                      </Text>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
