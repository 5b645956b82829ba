import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconCalendarTime, IconSend, IconTestPipe } from "@tabler/icons-react";
import { useId, useState } from "react";
import { contactEmailSchema } from "~/features/contacts/contacts";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CommandNotice, type CampaignCommand } from "./campaign-command";
import type { OpenedCampaign, SegmentChoice } from "./campaign-page";
import { fromZoneInput, toZoneInput } from "./schedule-time";

/** The most addresses one test goes to (the server's limit). */
const TEST_ADDRESSES_MAX = 5;

type Props = {
  opened: OpenedCampaign;
  segments: SegmentChoice[];
  zone: string;
  /** Edits not saved yet: a test, schedule or send uses the saved campaign, so they wait. */
  dirty: boolean;
  command: CampaignCommand;
};

/**
 * A saved campaign not started yet: send a test to a few addresses, schedule it (or take the
 * schedule back), or send it now after saying to whom.
 */
export function CampaignActions({ opened, segments, zone, dirty, command }: Props) {
  const { t } = useTranslation();
  const title = useId();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={title}>
      <Stack gap="md">
        <Title order={3} size="h4" id={title}>
          {t("campaigns.screen.actions.title")}
        </Title>
        {dirty ? (
          <Alert color="yellow" role="status">
            {t("campaigns.screen.actions.saveFirst")}
          </Alert>
        ) : null}
        <CommandNotice command={command} />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <TestBox dirty={dirty} command={command} />
          <ScheduleBox opened={opened} zone={zone} dirty={dirty} command={command} />
          <SendBox opened={opened} segments={segments} dirty={dirty} command={command} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** A test to up to five addresses, marked as a test, its links tracking no one. */
function TestBox({ dirty, command }: Pick<Props, "dirty" | "command">) {
  const { t } = useTranslation();
  const [to, setTo] = useState<string[]>([]);
  const wrong = to.find((address) => !contactEmailSchema.safeParse(address).success);
  return (
    <Stack gap="xs">
      <TagsInput
        label={t("campaigns.screen.test.to")}
        description={t("campaigns.screen.test.toHelp")}
        placeholder={to.length < TEST_ADDRESSES_MAX ? "name@example.com" : undefined}
        value={to}
        onChange={setTo}
        maxTags={TEST_ADDRESSES_MAX}
        splitChars={[",", " ", ";"]}
        acceptValueOnBlur
        error={wrong ? t("campaigns.screen.test.invalid", { address: wrong }) : undefined}
        data-testid="test-addresses"
      />
      <Group>
        <Button
          variant="default"
          leftSection={<IconTestPipe size={16} aria-hidden />}
          disabled={dirty || to.length === 0 || Boolean(wrong)}
          loading={command.busy === "testCampaign"}
          onClick={() => command.run({ intent: "testCampaign", to })}
          data-testid="send-test"
        >
          {t("campaigns.screen.test.send")}
        </Button>
      </Group>
    </Stack>
  );
}

/** When it goes out, in the site's zone; a scheduled campaign may be taken back to a draft. */
function ScheduleBox({
  opened,
  zone,
  dirty,
  command,
}: Pick<Props, "opened" | "zone" | "dirty" | "command">) {
  const { t } = useTranslation();
  const [at, setAt] = useState(() => toZoneInput(opened.scheduledAt, zone));
  const scheduled = opened.status === "scheduled";
  const iso = fromZoneInput(at, zone);
  const busy = command.busy === "scheduleCampaign";
  return (
    <Stack gap="xs">
      <TextInput
        type="datetime-local"
        label={t("campaigns.screen.schedule.at")}
        description={t("campaigns.screen.schedule.atHelp", { zone })}
        value={at}
        onChange={(event) => setAt(event.currentTarget.value)}
        data-testid="schedule-at"
      />
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCalendarTime size={16} aria-hidden />}
          disabled={dirty || !iso}
          loading={busy}
          onClick={() => command.run({ intent: "scheduleCampaign", at: iso })}
          data-testid="schedule-campaign"
        >
          {t(scheduled ? "campaigns.screen.schedule.move" : "campaigns.screen.schedule.set")}
        </Button>
        {scheduled ? (
          <Button
            variant="subtle"
            color="gray"
            disabled={busy}
            onClick={() => command.run({ intent: "scheduleCampaign", at: null })}
            data-testid="unschedule-campaign"
          >
            {t("campaigns.screen.schedule.clear")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Now, to the audience it names, after one question. */
function SendBox({
  opened,
  segments,
  dirty,
  command,
}: Pick<Props, "opened" | "segments" | "dirty" | "command">) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const names = (opened.campaign?.segmentIds ?? []).map(
    (id) =>
      segments.find((segment) => segment.id === id)?.name ??
      t("campaigns.screen.settings.goneSegment"),
  );
  const audience =
    names.length === 0
      ? t("campaigns.screen.send.everyone")
      : t("campaigns.screen.send.segments", { names: names.join(", ") });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("campaigns.screen.send.title")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("campaigns.screen.send.help", { audience })}
      </Text>
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={dirty}
          loading={command.busy === "sendCampaign"}
          onClick={() => setAsking(true)}
          data-testid="send-campaign"
        >
          {t("campaigns.screen.send.now")}
        </Button>
      </Group>
      {asking ? (
        <Modal
          opened
          onClose={() => setAsking(false)}
          size="sm"
          title={t("campaigns.screen.send.confirmTitle")}
          closeButtonProps={{ "aria-label": t("campaigns.screen.close") }}
        >
          <Stack gap="md">
            <Text size="sm">
              {t("campaigns.screen.send.confirmText", {
                name: opened.campaign?.name ?? "",
                audience,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)}>
                {t("campaigns.screen.cancel")}
              </Button>
              <Button
                onClick={() => {
                  setAsking(false);
                  command.run({ intent: "sendCampaign" });
                }}
                data-testid="confirm-send-campaign"
              >
                {t("campaigns.screen.send.confirm")}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}
