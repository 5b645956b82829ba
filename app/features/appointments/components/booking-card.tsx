import { Badge, Button, Card, Group, Modal, Stack, Text } from "@mantine/core";
import { IconCalendarDown, IconVideo } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { appointmentsApiPaths, bookingRoomPath, type BookingRow } from "../appointment-shapes";
import { fullTime, zoneLabel } from "../local-times";
import type { Slot } from "../slots";
import { callAppointments } from "./api-call";
import { SlotPicker } from "./slot-picker";

/**
 * One booking for its booker or host: when (in the zone they read it in), with whom, where;
 * its invitation to add to a calendar; moving it to another open time and cancelling it, as
 * far as the host's rules let the reader.
 */
export function BookingCard({ booking }: { booking: BookingRow }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<"cancel" | "move" | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [zone, setZone] = useState(booking.zone);
  const [picked, setPicked] = useState<Slot | null>(null);
  const cancelled = booking.status === "cancelled" || booking.status === "expired";
  const pending = booking.status === "pending";

  async function act(path: string, body: Record<string, unknown>) {
    setBusy(true);
    setRefused(null);
    const answer = await callAppointments(path, { method: "POST", body });
    setBusy(false);
    if (!answer.ok) return setRefused(answer.errorKey);
    setDialog(null);
    setPicked(null);
    void revalidator.revalidate();
  }

  // An unpaid hold and a confirmed session are cancelled alike (a hold is only let go).
  const cancelButton = booking.may.cancel ? (
    <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("cancel")}>
      {t("appointments.bookings.cancel")}
    </Button>
  ) : null;

  const close = () => {
    setDialog(null);
    setRefused(null);
    setPicked(null);
  };

  return (
    <Card withBorder padding="md" data-testid="booking" data-booking-id={booking.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{booking.title}</Text>
          {cancelled ? (
            <Badge color="gray" variant="light">
              {t(
                booking.status === "expired"
                  ? "appointments.bookings.holdEnded"
                  : "appointments.bookings.cancelled",
              )}
            </Badge>
          ) : null}
          {pending ? (
            <Badge color="orange" variant="light" data-testid="booking-pending">
              {t("appointments.bookings.awaitingPayment")}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" data-testid="booking-when">
          {fullTime(booking.start, booking.zone, i18n.language)} ({zoneLabel(booking.zone)})
        </Text>
        <Text size="sm" c="dimmed">
          {t("appointments.bookings.withPerson", { name: booking.withName })} ·{" "}
          {t("appointments.setup.minutes", { minutes: booking.durationMinutes })} ·{" "}
          {t(`appointments.location.${booking.locationKind}`)}
          {booking.locationKind !== "meeting" && booking.locationDetail
            ? `: ${booking.locationDetail}`
            : ""}
        </Text>
        {booking.answers
          .filter((one) => one.answer)
          .map((one) => (
            <Text key={one.question} size="sm" data-testid="booking-answer">
              <Text span c="dimmed">
                {one.question}:
              </Text>{" "}
              {one.answer}
            </Text>
          ))}
        {pending && booking.holdUntil ? (
          <Text size="sm" c="dimmed">
            {t("appointments.bookings.heldUntil", {
              time: fullTime(booking.holdUntil, booking.zone, i18n.language),
            })}
          </Text>
        ) : null}
        {pending ? (
          <Group gap="xs" mt={4}>
            {booking.payPath ? (
              <Button component="a" href={booking.payPath} size="xs">
                {t("appointments.bookings.payNow")}
              </Button>
            ) : null}
            {cancelButton}
          </Group>
        ) : null}
        {!cancelled && !pending ? (
          <Group gap="xs" mt={4}>
            <Button
              component="a"
              href={appointmentsApiPaths.invite(booking.id)}
              download
              size="xs"
              variant="default"
              leftSection={<IconCalendarDown size={14} aria-hidden />}
            >
              {t("appointments.bookings.addToCalendar")}
            </Button>
            {booking.locationKind === "meeting" ? (
              <Button
                component="a"
                href={bookingRoomPath(booking.id)}
                target="_blank"
                rel="noopener"
                size="xs"
                leftSection={<IconVideo size={14} aria-hidden />}
              >
                {t("appointments.bookings.join")}
              </Button>
            ) : null}
            {booking.may.reschedule ? (
              <Button size="xs" variant="default" onClick={() => setDialog("move")}>
                {t("appointments.bookings.reschedule")}
              </Button>
            ) : null}
            {cancelButton}
          </Group>
        ) : null}
      </Stack>
      <Modal
        opened={dialog === "cancel"}
        onClose={close}
        title={t("appointments.bookings.cancelTitle")}
      >
        <Stack gap="md">
          <Text size="sm">
            {t("appointments.bookings.cancelText", {
              title: booking.title,
              when: fullTime(booking.start, booking.zone, i18n.language),
            })}
          </Text>
          {booking.paid ? <Text size="sm">{t("appointments.bookings.refundNote")}</Text> : null}
          {refused ? (
            <Text c="red" size="sm" role="alert">
              {t(refused)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("appointments.bookings.keep")}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => act(appointmentsApiPaths.cancel(booking.id), {})}
            >
              {t("appointments.bookings.confirmCancel")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={dialog === "move"}
        onClose={close}
        title={t("appointments.bookings.rescheduleTitle")}
        size="lg"
      >
        {dialog === "move" ? (
          <Stack gap="md">
            <SlotPicker
              typeId={booking.typeId}
              windowDays={booking.windowDays}
              zone={zone}
              onZone={setZone}
              selected={picked?.start ?? null}
              onSelect={setPicked}
              zoneHelp="appointments.bookings.zoneHelp"
            />
            {refused ? (
              <Text c="red" size="sm" role="alert">
                {t(refused)}
              </Text>
            ) : null}
            <Group
              justify="flex-end"
              py="xs"
              bg="var(--mantine-color-body)"
              style={{ position: "sticky", bottom: 0 }}
            >
              <Button
                disabled={!picked}
                loading={busy}
                onClick={() =>
                  picked &&
                  act(appointmentsApiPaths.reschedule(booking.id), { start: picked.start })
                }
              >
                {picked
                  ? t("appointments.bookings.moveTo", {
                      when: fullTime(picked.start, zone, i18n.language),
                    })
                  : t("appointments.bookings.pickTime")}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
