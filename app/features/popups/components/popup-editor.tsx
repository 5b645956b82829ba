import { Button, Grid, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PopupDefinition, PopupInput } from "../popup-shapes";
import { PopupPreview } from "./popup-preview";
import { OftenSection, ScheduleSection, WhereSection } from "./popup-reach";
import { ContentSection, OpeningSection } from "./popup-sections";
import { fromZoneInput, toZoneInput } from "./popup-time";

/** One of the site's forms, for the form picker. */
export type FormChoice = { id: string; name: string };

/**
 * A popup as the editor keeps it: its numbers as typed (a cleared field is "", for the server
 * to judge), its start and end as datetime-local values in the site's zone.
 */
export type Draft = Omit<
  PopupDefinition,
  "delaySeconds" | "scrollPercent" | "capDays" | "startsAt" | "endsAt"
> & {
  delaySeconds: number | string;
  scrollPercent: number | string;
  capDays: number | string;
  startsLocal: string;
  endsLocal: string;
};

export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;
/** The message of the first issue at `path` (or inside it), if any. */
export type ErrorAt = (path: string) => string | undefined;

type SaveAnswer = { ok: true; id: string } | { ok: false; code?: string; issues?: FieldIssue[] };

/** What the address's state says after a new popup was saved and opened under its own id. */
type SavedState = { popupSaved?: boolean } | null;

type Translate = ReturnType<typeof useTranslation>["t"];

/**
 * The editor of one popup (`id` null for a new one): its content, when it opens, where, how
 * often and between which dates, beside a live preview. Nothing the owner typed is lost when the
 * server refuses it: each issue shows beside its field.
 */
export function PopupEditor({
  id,
  popup,
  forms,
  zone,
}: {
  id: string | null;
  popup: PopupDefinition | null;
  forms: FormChoice[];
  zone: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(popup ?? startingPopup(t), zone));
  const [edits, setEdits] = useState(0);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const saver = useFetcher<SaveAnswer>();
  const answer = saver.state === "idle" ? saver.data : undefined;
  const issues = answer && !answer.ok ? (answer.issues ?? []) : [];
  const unchanged = sentAt === edits;
  const arrived = (location.state as SavedState)?.popupSaved === true && edits === 0;
  const notice =
    answer && unchanged
      ? answer.ok
        ? "saved"
        : "failed"
      : sentAt === null && arrived
        ? "saved"
        : null;

  // A new popup, once saved, opens under its own address.
  useEffect(() => {
    if (answer?.ok && id === null)
      void navigate(`?popup=${answer.id}`, { replace: true, state: { popupSaved: true } });
  }, [answer, id, navigate]);

  const errorAt: ErrorAt = (path) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || candidate.path.startsWith(`${path}.`),
    );
    if (!issue) return undefined;
    const message = fieldIssueMessage(t, issue);
    // A refused path names itself: the owner may have typed many.
    const [, index] = issue.path.split(".");
    const value = path === "paths" && index !== undefined ? draft.paths[Number(index)] : undefined;
    return value === undefined
      ? message
      : t("popups.screen.where.pathIssue", { path: value, message });
  };
  const set: SetDraft = (key, value) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setEdits((count) => count + 1);
  };

  const save = () => {
    setSentAt(edits);
    const { startsLocal, endsLocal, ...rest } = draft;
    const sent = {
      ...rest,
      startsAt: fromZoneInput(startsLocal, zone),
      endsAt: fromZoneInput(endsLocal, zone),
    } satisfies PopupInput;
    void saver.submit(
      { intent: "savePopup", id, popup: sent },
      { method: "post", encType: "application/json" },
    );
  };
  const formName = forms.find((form) => form.id === draft.formId)?.name ?? null;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="lg">
          <ContentSection draft={draft} forms={forms} errorAt={errorAt} onChange={set} />
          <OpeningSection id={id} draft={draft} errorAt={errorAt} onChange={set} />
          <WhereSection draft={draft} errorAt={errorAt} onChange={set} />
          <OftenSection draft={draft} errorAt={errorAt} onChange={set} />
          <ScheduleSection draft={draft} zone={zone} errorAt={errorAt} onChange={set} />
          <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <div>
                <Text size="sm" c="teal" role="status">
                  {notice === "saved" ? t("popups.screen.saved") : ""}
                </Text>
                {notice === "failed" ? (
                  <Text size="sm" c="var(--mantine-color-error)" role="alert">
                    {issues.length > 0
                      ? t("popups.screen.checkIssues")
                      : t("popups.screen.saveFailed")}
                  </Text>
                ) : null}
              </div>
              <Button loading={saver.state !== "idle"} onClick={save} data-testid="save-popup">
                {t("popups.screen.save")}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <PopupPreview draft={draft} formName={formName} />
      </Grid.Col>
    </Grid>
  );
}

/** A stored popup as the editor keeps it. */
function draftOf(popup: PopupDefinition, zone: string): Draft {
  const { startsAt, endsAt, ...rest } = popup;
  return {
    ...rest,
    startsLocal: toZoneInput(startsAt, zone),
    endsLocal: toZoneInput(endsAt, zone),
  };
}

/** A new popup: the schema's defaults, with a name, title and text in the owner's words. */
function startingPopup(t: Translate): PopupDefinition {
  return {
    name: t("popups.screen.defaults.name"),
    status: "active",
    layout: "modal",
    formId: "",
    title: t("popups.screen.defaults.title"),
    body: t("popups.screen.defaults.body"),
    ctaLabel: "",
    ctaHref: "",
    trigger: "delay",
    delaySeconds: 5,
    scrollPercent: 50,
    pathsMode: "all",
    paths: [],
    capDays: 7,
    startsAt: "",
    endsAt: "",
  };
}
