import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
  useDirection,
} from "@mantine/core";
import { IconArrowLeft, IconPlus, IconSearch } from "@tabler/icons-react";
import { Form, Link } from "react-router";
import { dateFormat, numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  AUTOMATIONS_SCREEN_PATH,
  type AutomationRow,
  type TimelineEntry,
} from "../automation-shapes";
import { AutomationEditor, type OpenedAutomationView } from "./automation-editor";
import { statusColour, useAutomationWords, type AutomationWords } from "./automation-words";
import type { Choices } from "./step-flow";

export type { OpenedAutomationView };

/** A contact's timeline as `?contact=` asks for it. */
export type ContactTimelineView = { email: string; found: boolean; entries: TimelineEntry[] };

/**
 * M5 `/dashboard/manage/marketing/automations`: the site's automations, a contact's timeline
 * across all of them, and one automation opened in the builder.
 */
export function AutomationsScreen({
  automations,
  opened,
  choices,
  timeline,
  timeZone,
}: {
  automations: AutomationRow[];
  opened: OpenedAutomationView | null;
  choices: Choices;
  timeline: ContactTimelineView | null;
  /** The site's time zone: dates are written in it, the same on the server and in the browser. */
  timeZone: string;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  if (!opened)
    return <AutomationList automations={automations} timeline={timeline} timeZone={timeZone} />;
  return (
    <Stack gap="md" key={opened.id ?? "new"}>
      <Anchor component={Link} to={AUTOMATIONS_SCREEN_PATH} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <IconArrowLeft
            size={16}
            aria-hidden
            style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
          />
          <span>{t("automations.screen.back")}</span>
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {opened.id ? opened.name : t("automations.screen.new")}
      </Title>
      <AutomationEditor opened={opened} choices={choices} timeZone={timeZone} />
    </Stack>
  );
}

function AutomationList({
  automations,
  timeline,
  timeZone,
}: {
  automations: AutomationRow[];
  timeline: ContactTimelineView | null;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const words = useAutomationWords();
  const day = dateFormat(i18n.language, { dateStyle: "medium", timeZone });
  const number = numberFormat(i18n.language);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t("dashboard.sections.manageAutomations.title")}
        </Title>
        <Button
          component={Link}
          to="?automation=new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("automations.screen.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("automations.screen.help")}
      </Text>
      {automations.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("automations.screen.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="automations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("automations.screen.name")}</Table.Th>
                <Table.Th>{t("automations.screen.status")}</Table.Th>
                <Table.Th>{t("automations.screen.trigger")}</Table.Th>
                <Table.Th ta="end">{t("automations.screen.inside")}</Table.Th>
                <Table.Th ta="end">{t("automations.screen.completed")}</Table.Th>
                <Table.Th>{t("automations.screen.updated")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {automations.map((automation) => (
                <Table.Tr key={automation.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`?automation=${automation.id}`} fw={500}>
                      {automation.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColour[automation.status]}>
                      {words.statuses[automation.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{words.triggers[automation.trigger]}</Table.Td>
                  <Table.Td ta="end">{number.format(automation.running)}</Table.Td>
                  <Table.Td ta="end">{number.format(automation.completed)}</Table.Td>
                  <Table.Td>{day.format(new Date(automation.updatedAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ContactTimeline timeline={timeline} words={words} timeZone={timeZone} />
    </Stack>
  );
}

/** "Why did (or didn't) this contact get X?": every step every automation took for them. */
function ContactTimeline({
  timeline,
  words,
  timeZone,
}: {
  timeline: ContactTimelineView | null;
  words: AutomationWords;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium", timeZone });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-timeline">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contact-timeline">
          {t("automations.timeline.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("automations.timeline.help")}
        </Text>
        <Form method="get">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              name="contact"
              type="email"
              label={t("automations.timeline.email")}
              defaultValue={timeline?.email ?? ""}
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconSearch size={16} aria-hidden />}
            >
              {t("automations.timeline.show")}
            </Button>
          </Group>
        </Form>
        {timeline && !timeline.found ? (
          <Text size="sm" c="dimmed">
            {t("automations.timeline.noContact")}
          </Text>
        ) : null}
        {timeline?.found && timeline.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("automations.timeline.empty")}
          </Text>
        ) : null}
        {timeline?.found && timeline.entries.length > 0 ? (
          <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
            {timeline.entries.map((entry, index) => (
              <Timeline.Item
                key={`${entry.runId}-${entry.stepId}-${entry.outcome}-${index}`}
                title={`${entry.automationName} · ${words.steps[entry.stepType] ?? entry.stepType}`}
              >
                <Text size="sm">
                  {words.outcomes[entry.outcome]}
                  {entryDetail(t, words, entry, when)}
                </Text>
                <Text size="xs" c="dimmed">
                  {when.format(new Date(entry.at))} ·{" "}
                  {t("automations.editor.version", { version: entry.version })}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : null}
      </Stack>
    </Paper>
  );
}

function entryDetail(
  t: ReturnType<typeof useTranslation>["t"],
  words: AutomationWords,
  entry: TimelineEntry,
  when: Intl.DateTimeFormat,
): string {
  const { detail } = entry;
  if (detail.reason) return ` — ${words.reasons[detail.reason] ?? detail.reason}`;
  if (detail.until)
    return ` — ${t("automations.timeline.until", { when: when.format(new Date(detail.until)) })}`;
  if (detail.tag) return ` — ${detail.tag}`;
  if (detail.event && entry.outcome === "entered")
    return ` — ${words.triggers[detail.event as keyof AutomationWords["triggers"]] ?? detail.event}`;
  return "";
}
