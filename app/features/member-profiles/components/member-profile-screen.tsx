import { Anchor, Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconMessageCircle, IconPencil, IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";
import { ActivityEntry } from "~/features/activity/activity";
import { dateIn } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MemberProfile } from "../profile-shapes";

/**
 * Issue 35 `/dashboard/members/{slug}` (decision 070): a member as the site's other members see
 * them — level and points, the groups they share with the reader, what they did lately — and a
 * way to write to them where the site's rule allows it.
 */
export function MemberProfileScreen({ profile }: { profile: MemberProfile }) {
  const { t, i18n } = useTranslation();
  const { person } = profile;
  const levelName =
    profile.levels[profile.level - 1]?.name || t("leaderboard.levelNumber", { n: profile.level });
  return (
    <Stack gap="md" data-testid="member-profile">
      <Paper withBorder radius="md" p="lg">
        <Group gap="lg" align="center" wrap="wrap">
          <Avatar src={person.avatar} name={person.name} size={88} radius="xl" />
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
                {person.name}
              </Title>
              <Badge variant="light" data-testid="profile-role">
                {t(`roles.${person.role}`, { defaultValue: person.role })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t("memberProfiles.since", { date: dateIn(i18n.language)(person.memberSince) })}
            </Text>
            <Group gap="xs">
              <Badge color="grape" variant="filled" data-testid="profile-level">
                {levelName}
              </Badge>
              <Text size="sm" data-testid="profile-points">
                {t("memberProfiles.points", { points: String(profile.points) })}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            {profile.canMessage ? (
              <Button
                component={Link}
                to={`/dashboard/messages?to=${encodeURIComponent(person.userId)}`}
                leftSection={<IconMessageCircle size={16} aria-hidden />}
                data-testid="profile-message"
              >
                {t("memberProfiles.message")}
              </Button>
            ) : null}
            {profile.self ? (
              <Button
                variant="light"
                component={Link}
                to="/dashboard/profile"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t("memberProfiles.edit")}
              </Button>
            ) : null}
            {profile.canManage && !profile.self ? (
              <Button
                variant="default"
                component={Link}
                to={`/dashboard/manage/user?id=${encodeURIComponent(person.userId)}`}
                leftSection={<IconSettings size={16} aria-hidden />}
                data-testid="profile-manage"
              >
                {t("memberProfiles.manage")}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("memberProfiles.groups")}
          </Title>
          {profile.groups.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("memberProfiles.noGroups")}
            </Text>
          ) : (
            <Group gap="xs" data-testid="profile-groups">
              {profile.groups.map((group) => (
                <Anchor
                  key={group.slug}
                  component={Link}
                  to={`/dashboard/groups/${group.slug}`}
                  size="sm"
                >
                  <Badge variant="outline" style={{ cursor: "pointer" }}>
                    {group.name}
                  </Badge>
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("memberProfiles.activity")}
        </Title>
        {profile.activity.items.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <Text size="sm" c="dimmed" ta="center" data-testid="profile-activity-empty">
              {t("memberProfiles.noActivity")}
            </Text>
          </Paper>
        ) : (
          profile.activity.items.map((item) => <ActivityEntry key={item.key} item={item} />)
        )}
      </Stack>
    </Stack>
  );
}
