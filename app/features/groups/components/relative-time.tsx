import { Text } from "@mantine/core";
import { useState } from "react";
import { formatRelativeDuration, SECONDS_IN } from "~/platform/duration";
import { timestampFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * When something was written: "5 minutes ago" within the week, the day after; the exact moment
 * in its title. The server's clock and the reader's differ by the time the page took to arrive,
 * so the words may change at hydration: React is told that is expected.
 */
export function RelativeTime({ at }: { at: string }) {
  const { i18n } = useTranslation();
  // The moment the time was first drawn: a time does not move while it is on the screen.
  const [now] = useState(() => Date.now());
  const date = new Date(at);
  const seconds = Math.round((date.getTime() - now) / 1000);
  const words =
    Math.abs(seconds) < SECONDS_IN.week
      ? formatRelativeDuration(seconds, i18n.language)
      : timestampFormat(i18n.language).format(date);
  return (
    <Text
      component="time"
      size="xs"
      c="dimmed"
      dateTime={at}
      title={timestampFormat(i18n.language).format(date)}
      suppressHydrationWarning
    >
      {words}
    </Text>
  );
}
