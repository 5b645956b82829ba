import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconMessageCircle, IconPencil, IconSettings, IconWorld } from "@tabler/icons-react";
import { Link } from "react-router";
import { ActivityEntry } from "~/features/activity/activity";
import { useTranslation } from "~/platform/i18n/use-translation";
import { PUBLIC_PROFILES_PATH, type MemberProfile } from "../profile-shapes";
import { ProfileSummary } from "./profile-summary";

/**
 * Issue 35 `/dashboard/members/{slug}` (decision 070): a member as the site's other members see
 * them — level and points, the groups they share with the reader, what they did lately — and a
 * way to write to them where the site's rule allows it.
 */
export function MemberProfileScreen({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { person } = profile;
  return (
    <Stack gap="md" data-testid="member-profile">
      <ProfileSummary
        person={person}
        points={profile.points}
        level={profile.level}
        levels={profile.levels}
        badge={
          <Badge variant="light" data-testid="profile-role">
            {t(`roles.${person.role}`, { defaultValue: person.role })}
          </Badge>
        }
        actions={
          <>
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
            {profile.publicPage ? (
              <Button
                variant="default"
                component="a"
                href={`${PUBLIC_PROFILES_PATH}/${encodeURIComponent(person.slug)}`}
                leftSection={<IconWorld size={16} aria-hidden />}
                data-testid="profile-public-page"
              >
                {t("memberProfiles.publicPage")}
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
          </>
        }
      />
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
