import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { IconVideo } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { fullTime, useReaderZone, zoneLabel } from "~/features/appointments/appointments";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CommandOutcome, useJsonCommand } from "~/ui/json-command";
import {
  meetingJoinPath,
  meetingProviders,
  type MeetingProvider,
  type MeetingRow,
  type MeetingSettingsView,
} from "../meeting-shapes";

type HostGroup = { id: string; name: string };
type HostCourse = { id: string; title: string };

/** One room: when, with whom, and its door (open in its window, in a tab of its own). */
function MeetingCard({ meeting, now, zone }: { meeting: MeetingRow; now: number; zone: string }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => fullTime(iso, zone, i18n.language);
  const open = now >= Date.parse(meeting.opensAt) && now <= Date.parse(meeting.closesAt);
  return (
    <Card withBorder padding="md" data-testid="meeting" data-meeting-id={meeting.id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{meeting.title}</Text>
            {meeting.moderator ? (
              <Badge variant="light" size="sm">
                {t("meetings.moderator")}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {when(meeting.start)} ({zoneLabel(zone)})
          </Text>
          <Text size="sm" c="dimmed">
            {meeting.groupName
              ? t("meetings.forGroup", { group: meeting.groupName, names: meeting.withName })
              : meeting.courseName
                ? t("meetings.forCourseRoom", {
                    course: meeting.courseName,
                    names: meeting.withName,
                  })
                : t("meetings.with", { names: meeting.withName })}
          </Text>
        </Stack>
        {open ? (
          <Button
            component="a"
            href={meetingJoinPath(meeting.id)}
            target="_blank"
            rel="noopener"
            leftSection={<IconVideo size={16} aria-hidden />}
          >
            {t("meetings.join")}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t("meetings.opensAt", {
              when: when(meeting.opensAt),
            })}
          </Text>
        )}
      </Group>
    </Card>
  );
}

/**
 * A room opened now or from a time set: for the site's members (hosts), a group its viewer
 * moderates, or a course they teach (its live session).
 */
function OpenRoomCard({
  canHost,
  groups,
  courses,
}: {
  canHost: boolean;
  groups: HostGroup[];
  courses: HostCourse[];
}) {
  const { t } = useTranslation();
  const command = useJsonCommand();
  const [title, setTitle] = useState("");
  const [minutes, setMinutes] = useState<number | string>(60);
  const [startsAt, setStartsAt] = useState("");
  const [audience, setAudience] = useState(
    canHost ? "site" : groups[0] ? `group:${groups[0].id}` : "site",
  );
  const audiences = [
    ...(canHost ? [{ value: "site", label: t("meetings.forSite") }] : []),
    ...groups.map((group) => ({ value: `group:${group.id}`, label: group.name })),
    ...courses.map((course) => ({
      value: `course:${course.id}`,
      label: t("meetings.forCourse", { course: course.title }),
    })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [kind, id] = audience.split(":");
    void command.send({
      intent: "open",
      title,
      minutes: Number(minutes),
      ...(kind === "group" ? { groupId: id } : kind === "course" ? { courseId: id } : {}),
      // The browser reads the picked wall time in its own zone.
      ...(startsAt ? { startsAt: new Date(startsAt).toISOString() } : {}),
    });
  };
  return (
    <Card withBorder padding="lg" data-testid="meetings-open-room">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("meetings.openRoom")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("meetings.openRoomHelp")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("meetings.roomTitle")}
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              required
              maxLength={120}
            />
            <NumberInput
              label={t("meetings.minutes")}
              value={minutes}
              onChange={setMinutes}
              min={15}
              max={480}
            />
            <TextInput
              type="datetime-local"
              label={t("meetings.startsAt")}
              description={t("meetings.startsAtHelp")}
              value={startsAt}
              onChange={(event) => setStartsAt(event.currentTarget.value)}
            />
          </SimpleGrid>
          {audiences.length > 1 ? (
            <Select
              label={t("meetings.for")}
              data={audiences}
              value={audience}
              onChange={(value) => value && setAudience(value)}
              allowDeselect={false}
            />
          ) : null}
          <CommandOutcome answer={command.answer} saved={t("meetings.roomOpened")} />
          <Group justify="flex-end">
            <Button type="submit" loading={command.busy} disabled={!title.trim()}>
              {t("meetings.openRoomButton")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function SettingsCard({ settings }: { settings: MeetingSettingsView }) {
  const { t } = useTranslation();
  const command = useJsonCommand();
  const [provider, setProvider] = useState<MeetingProvider>(settings.provider);
  const [domain, setDomain] = useState(settings.domain);
  const [appId, setAppId] = useState(settings.appId);
  const [keyId, setKeyId] = useState(settings.keyId);
  const [secret, setSecret] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void command.send({ intent: "settings", provider, domain, appId, keyId, secret });
  };
  const kept = settings.hasSecret && settings.provider === provider;
  return (
    <Card withBorder padding="lg" data-testid="meetings-settings">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("meetings.settings.title")}
          </Title>
          <Select
            label={t("meetings.settings.provider")}
            data={meetingProviders.map((value) => ({
              value,
              label: t(`meetings.settings.providers.${value}`),
            }))}
            value={provider}
            onChange={(value) => value && setProvider(value as MeetingProvider)}
            allowDeselect={false}
          />
          {provider === "public" ? (
            <Alert color="yellow" data-testid="meetings-public-warning">
              {t("meetings.settings.publicWarning")}
            </Alert>
          ) : null}
          {provider === "jitsi" ? (
            <TextInput
              label={t("meetings.settings.domain")}
              placeholder="meet.example.org"
              value={domain}
              onChange={(event) => setDomain(event.currentTarget.value)}
            />
          ) : null}
          {provider !== "public" ? (
            <TextInput
              label={t(
                provider === "jaas" ? "meetings.settings.jaasAppId" : "meetings.settings.appId",
              )}
              value={appId}
              onChange={(event) => setAppId(event.currentTarget.value)}
            />
          ) : null}
          {provider === "jaas" ? (
            <>
              <TextInput
                label={t("meetings.settings.keyId")}
                value={keyId}
                onChange={(event) => setKeyId(event.currentTarget.value)}
              />
              <Textarea
                label={t("meetings.settings.privateKey")}
                description={kept ? t("meetings.settings.secretKept") : undefined}
                placeholder="-----BEGIN PRIVATE KEY-----"
                autosize
                minRows={3}
                maxRows={8}
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
                styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              />
            </>
          ) : null}
          {provider === "jitsi" ? (
            <PasswordInput
              label={t("meetings.settings.appSecret")}
              description={
                kept ? t("meetings.settings.secretKept") : t("meetings.settings.appSecretHelp")
              }
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
            />
          ) : null}
          <CommandOutcome answer={command.answer} saved={t("meetings.settings.saved")} />
          <Group justify="flex-end">
            <Button type="submit" loading={command.busy}>
              {t("meetings.settings.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Issue 36 `/dashboard/meetings` (decision 077): the rooms the viewer may enter (their booked
 * sessions, and the rooms hosts opened), each joinable in its window; hosts open a room now;
 * managers choose the server the rooms are held on.
 */
export function MeetingsScreen({
  meetings,
  now,
  siteZone,
  canHost,
  hostGroups,
  hostCourses = [],
  settings,
  publicServer,
}: {
  meetings: MeetingRow[];
  now: number;
  siteZone: string;
  canHost: boolean;
  /** Groups the viewer moderates: they open rooms for them. */
  hostGroups: HostGroup[];
  /** Courses the viewer teaches: they open their live sessions' rooms. */
  hostCourses?: HostCourse[];
  settings: MeetingSettingsView | null;
  publicServer: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The reader's own zone once the page runs in their browser; the site's until then.
  const zone = useReaderZone() ?? siteZone;
  return (
    <Stack gap="lg" data-testid="meetings-screen">
      <div>
        <Title order={1} size="h2">
          {t("meetings.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("meetings.intro")}
        </Text>
      </div>
      {params.get("notice") === "notOpen" ? (
        <Alert color="yellow" role="status">
          {t("errors.meetingNotOpen")}
        </Alert>
      ) : null}
      {publicServer ? (
        <Text size="sm" c="dimmed" data-testid="meetings-public-note">
          {t("meetings.publicNote")}
        </Text>
      ) : null}
      {meetings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("meetings.none")}
        </Text>
      ) : (
        <Stack gap="sm">
          {meetings.map((meeting) => (
            <MeetingCard key={meeting.id} meeting={meeting} now={now} zone={zone} />
          ))}
        </Stack>
      )}
      {canHost || hostGroups.length > 0 ? (
        <OpenRoomCard canHost={canHost} groups={hostGroups} courses={hostCourses} />
      ) : null}
      {settings ? <SettingsCard settings={settings} /> : null}
    </Stack>
  );
}
