import {
  Badge,
  Button,
  Grid,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { fromLocalInput, noticeState, toLocalInput, type NoticeState } from "../notices-time";
import { useSettingsSave } from "~/features/options/options";
import { customIssue, type FieldIssue } from "~/platform/field-issues";
import { noticesPart, type HeaderNotices } from "../notices-option";
import { colourIssues, NoticeColour, NoticeStrip } from "./notices-fields";
import { SaveControls } from "../../../ui/settings/save-controls";

type Notices = HeaderNotices;

type Draft = { enabled: boolean; text: string; background: string; start: string; expire: string };

/** Times are shown in the browser's zone: the server's would be someone else's clock. */
const draftOf = (notices: Notices, inBrowser: boolean): Draft => ({
  enabled: notices.enable_header_notice,
  text: notices.header_notice,
  background: notices.header_notice_bg,
  start: inBrowser ? toLocalInput(notices.header_notice_start) : "",
  expire: inBrowser ? toLocalInput(notices.header_notice_expire) : "",
});

const valueOf = (draft: Draft): Notices => ({
  enable_header_notice: draft.enabled,
  header_notice: draft.text.trim(),
  header_notice_bg: draft.background,
  header_notice_start: fromLocalInput(draft.start),
  header_notice_expire: fromLocalInput(draft.expire),
});

function scheduleIssues(value: Notices): FieldIssue[] {
  const { header_notice_start: start, header_notice_expire: expire } = value;
  return [
    ...(value.enable_header_notice && !value.header_notice
      ? [customIssue("header_notice", "noticeEmpty")]
      : []),
    ...colourIssues("header_notice_bg", value.header_notice_bg),
    ...(start !== null && expire !== null && expire <= start
      ? [customIssue("header_notice_expire", "expireBeforeStart")]
      : []),
  ];
}

const stateColour: Record<NoticeState, string> = {
  showing: "teal",
  scheduled: "blue",
  ended: "orange",
  off: "gray",
  empty: "yellow",
};

/**
 * D16 the header notice (P14): on or off, its text and colour, and when it shows — start and
 * expiry in the browser's time zone, stored as timestamps. Saved into the header option as it
 * is stored, so the header screen's other settings stay as they are.
 */
export function HeaderNoticeEditor({ saved }: { saved: Notices }) {
  const { t, i18n } = useTranslation();
  const n = (key: string, options?: Record<string, unknown>) =>
    t(`siteSettings.notices.${key}`, options);
  const [draft, setDraft] = useState(() => draftOf(saved, false));
  const [now, setNow] = useState<number | null>(null);
  const [zone, setZone] = useState("");
  const saver = useSettingsSave(noticesPart);
  const first = useRef(saved);

  // After hydration, once: the stored times in this browser's zone, and the clock for the state.
  useEffect(() => {
    const { start, expire } = draftOf(first.current, true);
    setDraft((current) => ({ ...current, start, expire }));
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const value = valueOf(draft);
  const dirty =
    now !== null && JSON.stringify(value) !== JSON.stringify(valueOf(draftOf(saved, true)));
  const { errorAt } = saver;
  const change = (patch: Partial<Draft>, path: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    saver.clearIssue(path);
  };
  const formatDate = (timestamp: number) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
      timestamp,
    );
  const state =
    now === null
      ? null
      : noticeState(
          {
            enabled: value.enable_header_notice,
            text: value.header_notice,
            start: value.header_notice_start,
            expire: value.header_notice_expire,
          },
          now,
        );
  const validDate = (timestamp: number | null) =>
    timestamp !== null && Number.isFinite(timestamp) ? formatDate(timestamp) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    saver.save(value, scheduleIssues(value));
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="header-notice-title"
      data-testid="header-notice-editor"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={3} size="h4" id="header-notice-title">
              {n("headerTitle")}
            </Title>
            <Text size="sm" c="dimmed">
              {n("headerText")}
            </Text>
          </div>
          {state ? (
            <Badge color={stateColour[state]} variant="dot" data-testid="header-notice-state">
              {n(`state.${state}`)}
            </Badge>
          ) : null}
        </Group>
        <Switch
          label={n("headerEnable")}
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.currentTarget.checked }, "header_notice")}
        />
        <Textarea
          label={n("headerNotice")}
          autosize
          minRows={2}
          maxRows={5}
          value={draft.text}
          onChange={(event) => change({ text: event.currentTarget.value }, "header_notice")}
          error={errorAt("header_notice")}
        />
        <NoticeColour
          label={n("headerBackground")}
          value={draft.background}
          onChange={(background) => change({ background }, "header_notice_bg")}
          error={errorAt("header_notice_bg")}
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="datetime-local"
              label={n("start")}
              description={n("startHelp")}
              value={draft.start}
              onChange={(event) =>
                change({ start: event.currentTarget.value }, "header_notice_start")
              }
              error={errorAt("header_notice_start")}
              data-testid="header-notice-start"
            />
            <Button
              variant="subtle"
              size="compact-xs"
              mt={4}
              onClick={() => change({ start: toLocalInput(Date.now()) }, "header_notice_start")}
            >
              {n("startNow")}
            </Button>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              type="datetime-local"
              label={n("expire")}
              description={n("expireHelp")}
              value={draft.expire}
              onChange={(event) =>
                change({ expire: event.currentTarget.value }, "header_notice_expire")
              }
              error={errorAt("header_notice_expire")}
              data-testid="header-notice-expire"
            />
          </Grid.Col>
        </Grid>
        {zone ? (
          <Text size="xs" c="dimmed">
            {n("timeZone", { zone })}
          </Text>
        ) : null}
        {state === "scheduled" && validDate(value.header_notice_start) ? (
          <Text size="sm" data-testid="header-notice-when">
            {n("startsAt", { date: validDate(value.header_notice_start) })}
          </Text>
        ) : null}
        {state === "showing" && validDate(value.header_notice_expire) ? (
          <Text size="sm" data-testid="header-notice-when">
            {n("endsAt", { date: validDate(value.header_notice_expire) })}
          </Text>
        ) : null}
        <NoticeStrip
          kind="header"
          text={draft.text}
          background={draft.background}
          testId="header-notice-preview"
        />
        <SaveControls
          status={saver.status}
          dirty={dirty}
          saveLabel={n("headerSave")}
          onReset={() => setDraft(draftOf(saved, true))}
          toast={{ message: n("headerSaved"), savedAt: saver.savedAt, onClose: saver.dismissSaved }}
        />
      </Stack>
    </form>
  );
}
