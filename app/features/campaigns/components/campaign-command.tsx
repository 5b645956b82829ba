import { Alert, Box, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { CampaignStatus } from "../campaign-shapes";

/** What the owner asks of a saved campaign, besides saving it. */
export type Command =
  | { intent: "testCampaign"; to: string[] }
  | { intent: "scheduleCampaign"; at: string | null }
  | { intent: "sendCampaign" }
  | { intent: "pauseCampaign" | "resumeCampaign" | "cancelCampaign" };

/** A subject a test went out with (an A/B test sends both), as the first address got it. */
type TestedSubject = { variant: "a" | "b"; subject: string };

type CommandAnswer = {
  ok: boolean;
  code?: string;
  audience?: number;
  status?: CampaignStatus;
  tests?: TestedSubject[];
};

/**
 * One campaign's commands (test, schedule, send, pause, resume, cancel): one at a time, the
 * last one remembered so its answer can be told in words.
 */
export function useCampaignCommand(id: string | null) {
  const fetcher = useFetcher<CommandAnswer>();
  const [last, setLast] = useState<Command | null>(null);
  const run = (command: Command) => {
    if (!id) return;
    setLast(command);
    void fetcher.submit({ ...command, id }, { method: "post", encType: "application/json" });
  };
  const busy = fetcher.state !== "idle" ? last?.intent : undefined;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return { run, busy, answer, last };
}

export type CampaignCommand = ReturnType<typeof useCampaignCommand>;

/** What the last command did, or why it was refused. */
export function CommandNotice({ command }: { command: CampaignCommand }) {
  const { t, i18n } = useTranslation();
  const { answer, last } = command;
  if (!answer || !last) return null;
  if (!answer.ok)
    return (
      <Alert color="red" role="alert" data-testid="campaign-notice">
        {t(errorKeyOf(answer.code ?? ""))}
      </Alert>
    );
  const number = numberFormat(i18n.language);
  const done: Record<Command["intent"], string> = {
    testCampaign: t("campaigns.screen.notices.tested", {
      to: last.intent === "testCampaign" ? last.to.join(", ") : "",
    }),
    scheduleCampaign:
      last.intent === "scheduleCampaign" && last.at === null
        ? t("campaigns.screen.notices.unscheduled")
        : t("campaigns.screen.notices.scheduled"),
    sendCampaign: t("campaigns.screen.notices.started", {
      formatted: number.format(answer.audience ?? 0),
    }),
    pauseCampaign: t("campaigns.screen.notices.paused"),
    resumeCampaign: t("campaigns.screen.notices.resumed"),
    cancelCampaign: t("campaigns.screen.notices.cancelled"),
  };
  // An A/B test's two messages, each named by its subject's letter, so the inbox's can be told apart.
  const tests =
    last.intent === "testCampaign" && (answer.tests?.length ?? 0) > 1 ? answer.tests! : [];
  return (
    <Alert color="teal" role="status" data-testid="campaign-notice">
      <div>{done[last.intent]}</div>
      {tests.length > 0 ? (
        <Box component="dl" m={0} mt={4} data-testid="tested-subjects">
          {tests.map(({ variant, subject }) => (
            <Group
              key={variant}
              gap="xs"
              wrap="nowrap"
              align="baseline"
              data-testid={`tested-${variant}`}
            >
              <Text component="dt" size="sm" fw={700} style={{ flexShrink: 0 }}>
                {t(`campaigns.screen.report.ab.${variant}`)}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: "anywhere" }}>
                {subject}
              </Text>
            </Group>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}
