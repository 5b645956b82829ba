import { Badge, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { OfferPriceText } from "~/features/products/products";
import type { BookableType, TypeOffer } from "../appointment-shapes";

/** Issue 36 `/book/{slug}`: what is booked, with whom, how long and where; then the times. */
export function BookingPage({
  type,
  offer = null,
  panel,
}: {
  type: BookableType;
  /** A paid type's price (decision 078); null: free. */
  offer?: TypeOffer | null;
  panel: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg" data-testid="booking-page">
        <Stack gap={6}>
          <Title order={1}>{type.title}</Title>
          <Text c="dimmed">{t("appointments.book.with", { host: type.hostName })}</Text>
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {t("appointments.setup.minutes", { minutes: type.durationMinutes })}
            </Badge>
            <Badge variant="light" color="gray" tt="none">
              {t(`appointments.location.${type.locationKind}`)}
            </Badge>
            {type.capacity > 1 ? (
              <Badge variant="light" color="grape" tt="none">
                {t("appointments.book.group", { count: type.capacity })}
              </Badge>
            ) : null}
          </Group>
          {offer ? (
            <div data-testid="booking-price">
              <OfferPriceText price={offer.price} size="lg" />
            </div>
          ) : null}
          {type.description ? (
            <Text style={{ whiteSpace: "pre-line" }}>{type.description}</Text>
          ) : null}
        </Stack>
        <Card withBorder padding="lg">
          {panel}
        </Card>
      </Stack>
    </Container>
  );
}
