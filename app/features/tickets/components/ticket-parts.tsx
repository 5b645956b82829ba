import { Badge } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useRevalidator } from "react-router";
import { ApiError, requestJson } from "~/platform/api-client";
import type { TicketStatus } from "../ticket-shapes";
import { MAX_TICKET_FILE_BYTES, MAX_TICKET_FILES } from "../validation";

/**
 * Spec §4: unresolved in the warning colour (amber), awaited in info (blue), resolved in
 * success (green). Filled, with the theme's automatic contrast choosing the text's colour.
 */
export const ticketStatusColours: Record<TicketStatus, string> = {
  unresolved: "yellow.7",
  awaited: "blue.8",
  resolved: "green.8",
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="filled"
      color={ticketStatusColours[status]}
      data-status={status}
      data-testid="ticket-status"
      miw="max-content"
    >
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

export function dateTimeIn(lang: string) {
  // In UTC, as the dashboard's other dates: the server's render and the browser's agree.
  const format = new Intl.DateTimeFormat(lang, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  return (iso: string) => format.format(new Date(iso));
}

export function fileSizeIn(lang: string) {
  const kb = new Intl.NumberFormat(lang, {
    style: "unit",
    unit: "kilobyte",
    maximumFractionDigits: 0,
  });
  const mb = new Intl.NumberFormat(lang, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  });
  return (bytes: number) =>
    bytes < 1024 * 1024 ? kb.format(Math.max(1, bytes / 1024)) : mb.format(bytes / (1024 * 1024));
}

/** The screen's words for the API's refusals (anything else: the generic error). */
const errorKeys: Record<string, string> = {
  "tickets.fileType": "errors.ticketFileType",
  "tickets.tooManyFiles": "errors.ticketTooManyFiles",
  "tickets.notFound": "errors.ticketNotFound",
  "tickets.notAssignable": "errors.ticketNotAssignable",
  "request.tooLarge": "errors.tooLarge",
  "request.tooMany": "errors.tooManyRequests",
  "request.invalid": "errors.invalidRequest",
  not_authenticated: "errors.notAuthenticated",
  "auth.forbidden": "errors.forbidden",
};

/** The files a form would send, checked as the server will count and weigh them. */
export function filesProblem(files: File[]): string | null {
  if (files.length > MAX_TICKET_FILES) return "errors.ticketTooManyFiles";
  if (files.some((file) => file.size > MAX_TICKET_FILE_BYTES)) return "errors.tooLarge";
  return null;
}

/**
 * One call to the tickets API (a form with files, or JSON), then the screen's data again:
 * `busy` while it runs, `error` the i18n key of a refusal.
 */
export function useTicketCall() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function call<T>(url: string, body: FormData | Record<string, unknown>): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      const answer = await requestJson<T>(url, {
        method: "POST",
        ...(body instanceof FormData ? { body } : { json: body }),
      });
      await revalidator.revalidate();
      return answer;
    } catch (failure) {
      setError((failure instanceof ApiError && errorKeys[failure.code]) || "errors.internal");
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { call, busy, error, setError };
}
