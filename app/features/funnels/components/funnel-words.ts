import { useFetcher } from "react-router";
import type { FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FunnelCommand, FunnelStatus, StepKind } from "../funnel-shapes";

/** What a command of the screen answers (an AppError comes back as its code). */
export type CommandAnswer =
  { ok: true; id: string } | { ok: false; code?: string; issues?: FieldIssue[] };

export const statusColour: Record<FunnelStatus, string> = { draft: "gray", live: "teal" };

/** Step kinds and statuses in the reader's words (literal keys, for the key trace). */
export function useFunnelWords() {
  const { t } = useTranslation();
  const kinds: Record<StepKind, string> = {
    optin: t("funnels.kinds.optin"),
    sales: t("funnels.kinds.sales"),
    checkout: t("funnels.kinds.checkout"),
    upsell: t("funnels.kinds.upsell"),
    thankyou: t("funnels.kinds.thankyou"),
  };
  const statuses: Record<FunnelStatus, string> = {
    draft: t("funnels.status.draft"),
    live: t("funnels.status.live"),
  };
  const devices: Record<string, string> = {
    desktop: t("funnels.report.devices.desktop"),
    mobile: t("funnels.report.devices.mobile"),
    tablet: t("funnels.report.devices.tablet"),
  };
  return { kinds, statuses, devices };
}

/** One command sent as JSON to the screen's action, with its answer once back. */
export function useFunnelCommand() {
  const fetcher = useFetcher<CommandAnswer>();
  const send = (command: FunnelCommand) =>
    fetcher.submit(command as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return { send, answer, busy: fetcher.state !== "idle" };
}
