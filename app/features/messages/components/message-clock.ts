import { useState } from "react";
import { dateFormat, timestampFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useTimeZone } from "./message-words";

const DAY_MS = 86_400_000;

/**
 * Messages' times as a chat shows them, in the reader's language and (once live) time zone: the
 * hour within the day, the weekday within the week, the date before; days for the thread's
 * separators ("Today", "Yesterday", a date).
 */
export function useMessageClock() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const timeZone = useTimeZone();
  // The moment the screen was drawn: times do not move while they are on the screen.
  const [now] = useState(() => Date.now());
  const dayOf = (at: number) =>
    dateFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(at);
  const today = dayOf(now);
  const yesterday = dayOf(now - DAY_MS);
  const hour = dateFormat(lang, { timeStyle: "short", timeZone });
  return {
    /** The day a moment falls on, as a key to compare. */
    dayKey: (iso: string) => dayOf(Date.parse(iso)),
    /** A thread's separator. */
    day: (iso: string) => {
      const key = dayOf(Date.parse(iso));
      if (key === today) return t("messages.thread.today");
      if (key === yesterday) return t("messages.thread.yesterday");
      return dateFormat(lang, { dateStyle: "long", timeZone }).format(new Date(iso));
    },
    /** A message's time under its bubble. */
    time: (iso: string) => hour.format(new Date(iso)),
    /** A list row's time: the hour today, the weekday this week, else the date. */
    short: (iso: string) => {
      const at = Date.parse(iso);
      if (dayOf(at) === today) return hour.format(at);
      if (now - at < 6 * DAY_MS) return dateFormat(lang, { weekday: "short", timeZone }).format(at);
      return dateFormat(lang, { dateStyle: "short", timeZone }).format(at);
    },
    /** The whole moment, for a title. */
    full: (iso: string) =>
      timeZone
        ? timestampFormat(lang).format(new Date(iso))
        : dateFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
  };
}
