import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AppointmentTypeRow, SellingProduct, SlotPreview } from "../appointment-shapes";
import type { Availability } from "../availability";
import { HoursCard } from "./hours-card";
import { PreviewCard } from "./preview-card";
import { TypesCard } from "./types-card";

/**
 * Issue 36 `/dashboard/manage/appointments` (decision 075): the host's weekly hours in their own
 * time zone, days off, buffers and rules; their appointment types; and the open times those give
 * over the next week, so a change shows what it does.
 */
export function AppointmentsSetupScreen({
  availability,
  saved,
  types,
  preview,
  products,
  zones,
}: {
  availability: Availability;
  saved: boolean;
  types: AppointmentTypeRow[];
  preview: SlotPreview | null;
  products: SellingProduct[];
  zones: string[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="appointments-setup">
      <div>
        <Title order={1} size="h2">
          {t("appointments.setup.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("appointments.setup.intro")}
        </Text>
      </div>
      <HoursCard availability={availability} saved={saved} zones={zones} />
      {/* A new type remounts the card: its form starts empty again. */}
      <TypesCard key={types.length} types={types} products={products} />
      <PreviewCard preview={preview} types={types} zone={availability.zone} />
    </Stack>
  );
}
