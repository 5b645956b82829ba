import { Button, Grid, Group, Paper, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { fieldIssueMessage, type FieldIssue } from "~/platform/field-issues";
import { useTranslation } from "~/platform/i18n/use-translation";
import settingsClasses from "~/ui/settings/settings.module.css";
import type { CampaignDefinition } from "../campaign-shapes";
import { abTestIssues, AB_SAMPLE_DEFAULT } from "./campaign-ab-fields";
import { CampaignActions } from "./campaign-actions";
import { BlockList, draftBlock, sentBlock, type DraftBlock } from "./campaign-blocks";
import type { CampaignCommand } from "./campaign-command";
import type { OpenedCampaign, SegmentChoice } from "./campaign-page";
import { CampaignPreview } from "./campaign-preview";
import { CampaignSettings, type Settings } from "./campaign-settings";
import { campaignHref, isEditable } from "./campaign-words";

type SaveAnswer = { ok: true; id: string } | { ok: false; code?: string; issues?: FieldIssue[] };

/** What the address's state says after a new campaign was saved and opened under its own id. */
type SavedState = { campaignSaved?: boolean } | null;

/** The message of the first issue at `path` (or inside it, unless `exact`), if any. */
export type ErrorAt = (path: string, exact?: boolean) => string | undefined;

type Translate = ReturnType<typeof useTranslation>["t"];

/**
 * The editor of one campaign (`opened.id` null for a new one): its message and audience, its
 * blocks and a live preview; once saved, its test, schedule and send. Nothing the owner typed is
 * lost when the server refuses it: each issue shows beside its field. A campaign that has
 * started is shown as it was sent, read-only.
 */
export function CampaignEditor({
  opened,
  segments,
  zone,
  command,
}: {
  opened: OpenedCampaign;
  segments: SegmentChoice[];
  zone: string;
  command: CampaignCommand;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = opened;
  const locked = !isEditable(opened.status);
  const [start] = useState(() => opened.campaign ?? startingCampaign(t));
  const [settings, setSettings] = useState<Settings>(() => {
    const { blocks: _blocks, ...rest } = start;
    return rest;
  });
  const [blocks, setBlocks] = useState<DraftBlock[]>(() => start.blocks.map(draftBlock));
  // The A/B test is on when the campaign has a second subject and a share of the audience for it.
  const [testing, setTesting] = useState(
    () => start.subjectB.trim() !== "" && start.abSamplePercent > 0,
  );
  // A save the editor's own checks held back: their marks show until the fields are right.
  const [held, setHeld] = useState(false);
  // Every change counts in `edits`; one that adds, removes or moves a block also in `layout`.
  const [edits, setEdits] = useState(0);
  const [layout, setLayout] = useState(0);
  const [sentAt, setSentAt] = useState<{ edits: number; layout: number } | null>(null);
  const saver = useFetcher<SaveAnswer>();
  const answer = saver.state === "idle" ? saver.data : undefined;
  const refused = answer && !answer.ok ? (answer.issues ?? []) : [];
  // Issues of the blocks name them by position: once blocks move, those marks would mislead.
  const own = held ? abTestIssues(testing, settings) : [];
  const issues = [
    ...own,
    ...(sentAt?.layout === layout
      ? refused
      : refused.filter((issue) => !issue.path.startsWith("blocks."))),
  ];
  const unchanged = sentAt?.edits === edits;
  const arrived = (location.state as SavedState)?.campaignSaved === true && edits === 0;
  const notice =
    own.length > 0
      ? "held"
      : answer && unchanged
        ? answer.ok
          ? "saved"
          : "failed"
        : !sentAt && arrived
          ? "saved"
          : null;

  // What the server holds is the editor's state at its last save: none while one is under way
  // or after one failed (the last good one is not known), all before the first.
  const savedEdits = sentAt === null ? 0 : answer?.ok ? sentAt.edits : -1;

  // A new campaign, once saved, opens under its own address.
  useEffect(() => {
    if (answer?.ok && id === null)
      void navigate(campaignHref(answer.id), { replace: true, state: { campaignSaved: true } });
  }, [answer, id, navigate]);

  const errorAt: ErrorAt = (path, exact = false) => {
    const issue = issues.find(
      (candidate) => candidate.path === path || (!exact && candidate.path.startsWith(`${path}.`)),
    );
    return issue ? fieldIssueMessage(t, issue) : undefined;
  };
  const changed = () => setEdits((count) => count + 1);
  const setSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => ({ ...current, [key]: value }));
    changed();
  };
  const setBlock = (index: number, next: DraftBlock) => {
    setBlocks((current) => current.map((one, i) => (i === index ? next : one)));
    changed();
  };
  const switchTest = (on: boolean) => {
    setTesting(on);
    // Switched on without a share of the audience: the usual one to start with.
    if (on && !Number(settings.abSamplePercent)) setSetting("abSamplePercent", AB_SAMPLE_DEFAULT);
    else changed();
  };
  const restructure = (next: DraftBlock[]) => {
    setBlocks(next);
    setLayout((count) => count + 1);
    changed();
  };

  // The test switched off tests nothing: no subject B, no share of the audience (what was typed
  // stays in the editor, should the test be switched on again).
  const campaign = {
    ...settings,
    subjectB: testing ? settings.subjectB : "",
    abSamplePercent: testing && settings.subjectB.trim() ? settings.abSamplePercent : 0,
    blocks: blocks.map(sentBlock),
  };
  const save = () => {
    // A test without its second subject or share is held back here, the marks beside them.
    const stopped = abTestIssues(testing, settings).length > 0;
    setHeld(stopped);
    if (stopped) return;
    setSentAt({ edits, layout });
    void saver.submit(
      { intent: "saveCampaign", id, campaign },
      { method: "post", encType: "application/json" },
    );
  };

  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {/* Locked fields are read-only, not disabled: the owner still reads and copies them. */}
          <Stack gap="lg" data-testid="campaign-fields" data-locked={locked || undefined}>
            <CampaignSettings
              settings={settings}
              segments={segments}
              testing={testing}
              readOnly={locked}
              errorAt={errorAt}
              onChange={setSetting}
              onTesting={switchTest}
            />
            <BlockList
              blocks={blocks}
              readOnly={locked}
              errorAt={errorAt}
              onChange={setBlock}
              onRestructure={restructure}
            />
            {locked ? null : (
              <Paper withBorder radius="md" p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <div>
                    <Text
                      size="sm"
                      role="status"
                      className={settingsClasses.status}
                      data-state="saved"
                    >
                      {notice === "saved" ? t("campaigns.screen.saved") : ""}
                    </Text>
                    {notice === "failed" || notice === "held" ? (
                      <Text size="sm" c="var(--mantine-color-error)" role="alert">
                        {notice === "held" || refused.length > 0
                          ? t("campaigns.screen.checkIssues")
                          : t("campaigns.screen.saveFailed")}
                      </Text>
                    ) : null}
                  </div>
                  <Button
                    loading={saver.state !== "idle"}
                    onClick={save}
                    data-testid="save-campaign"
                  >
                    {t("campaigns.screen.save")}
                  </Button>
                </Group>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <CampaignPreview
            subject={settings.subject}
            subjectB={campaign.subjectB}
            preheader={settings.preheader}
            blocks={campaign.blocks}
          />
        </Grid.Col>
      </Grid>
      {id && !locked ? (
        <CampaignActions
          opened={opened}
          segments={segments}
          zone={zone}
          dirty={edits !== savedEdits}
          command={command}
        />
      ) : null}
    </Stack>
  );
}

/** A new campaign: a name, a greeting by first name and a first paragraph, in the owner's words. */
function startingCampaign(t: Translate): CampaignDefinition {
  const firstName = `{{first_name | ${t("campaigns.screen.mergeTags.fallback")}}}`;
  return {
    name: t("campaigns.screen.defaults.name"),
    subject: "",
    subjectB: "",
    preheader: "",
    blocks: [
      { type: "heading", text: t("campaigns.screen.defaults.heading", { tag: firstName }) },
      { type: "text", text: t("campaigns.screen.defaults.text") },
    ],
    segmentIds: [],
    abSamplePercent: 0,
    abWaitMinutes: 240,
    tracking: true,
  };
}
