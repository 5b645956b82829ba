import { Alert, Anchor, Button, Card, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  appointmentsApiPaths,
  HOLD_MINUTES,
  MY_BOOKINGS_PATH,
  type BookingQuestion,
} from "../appointment-shapes";
import { fullTime, useReaderZone, zoneLabel } from "../local-times";
import type { Slot } from "../slots";
import { callAppointments } from "./api-call";
import { SlotPicker } from "./slot-picker";

/**
 * The public booking page's island: the open times in the visitor's zone (found in their
 * browser, changeable), one picked, then booked by a signed-in member or, for a visitor, a
 * sign-in that comes back here.
 */
export function BookingPanel({
  typeId,
  hostZone,
  windowDays,
  signedIn,
  loginHref,
  initial,
  questions,
  paid = false,
}: {
  typeId: string;
  hostZone: string;
  windowDays: number;
  signedIn: boolean;
  loginHref: string;
  initial: { from: number; slots: Slot[] };
  questions: BookingQuestion[];
  /** A paid type: booking holds the time and goes on to the checkout (decision 078). */
  paid?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The visitor's own zone once the page runs in their browser, until they pick another.
  const [chosenZone, setZone] = useState<string | null>(null);
  const browserZone = useReaderZone();
  const zone = chosenZone ?? browserZone ?? hostZone;
  const [picked, setPicked] = useState<Slot | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ""));
  const unanswered = questions.some(
    (question, index) => question.required && !answers[index]?.trim(),
  );

  async function book() {
    if (!picked) return;
    setBusy(true);
    setRefused(null);
    const answer = await callAppointments<{ id: string; start: string; pay?: string }>(
      appointmentsApiPaths.book,
      {
        method: "POST",
        body: { typeId, start: picked.start, bookerZone: zone, answers },
      },
    );
    // A hold is paid at the checkout, which fills its cart with the type's product.
    if (answer.ok && answer.data.pay) {
      window.location.assign(answer.data.pay);
      return;
    }
    setBusy(false);
    if (answer.ok) {
      setBooked(picked.start);
      setPicked(null);
      setReload((value) => value + 1);
    } else {
      setRefused(answer.errorKey);
      setPicked(null);
      setReload((value) => value + 1);
    }
  }

  return (
    <Stack gap="md" data-testid="booking-panel">
      {booked ? (
        <Alert color="teal" role="status" title={t("appointments.book.booked")}>
          <Stack gap={4}>
            <Text size="sm">
              {t("appointments.book.bookedAt", { when: fullTime(booked, zone, i18n.language) })}
            </Text>
            <Anchor href={MY_BOOKINGS_PATH} size="sm">
              {t("appointments.book.seeBookings")}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {refused ? (
        <Alert color="red" role="alert">
          {t(refused)}
        </Alert>
      ) : null}
      <SlotPicker
        typeId={typeId}
        windowDays={windowDays}
        zone={zone}
        onZone={setZone}
        initial={initial}
        selected={picked?.start ?? null}
        onSelect={setPicked}
        reload={reload}
      />
      {picked ? (
        // Kept in view at the window's foot: the list of times can be long on a phone.
        <Card
          withBorder
          padding="md"
          shadow="sm"
          data-testid="booking-confirm"
          style={{ position: "sticky", bottom: "var(--mantine-spacing-sm)" }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t("appointments.book.chosen", {
                when: fullTime(picked.start, zone, i18n.language),
                zone: zoneLabel(zone),
              })}
            </Text>
            {signedIn
              ? questions.map((question, index) => (
                  <Textarea
                    key={question.label}
                    label={question.label}
                    required={question.required}
                    maxLength={1000}
                    autosize
                    minRows={1}
                    maxRows={4}
                    value={answers[index] ?? ""}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setAnswers((all) => all.map((one, at) => (at === index ? value : one)));
                    }}
                  />
                ))
              : null}
            {signedIn && paid ? (
              <Text size="xs" c="dimmed">
                {t("appointments.book.holdNote", { minutes: HOLD_MINUTES })}
              </Text>
            ) : null}
            {signedIn ? (
              <Button onClick={book} loading={busy} disabled={unanswered}>
                {t(paid ? "appointments.book.confirmAndPay" : "appointments.book.confirm")}
              </Button>
            ) : (
              <Button component="a" href={loginHref}>
                {t("appointments.book.signInToBook")}
              </Button>
            )}
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
