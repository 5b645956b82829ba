import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconLink } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { Level } from "~/features/leaderboard/leaderboard";
import { dateIn } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * Who a member is, as their profile opens (the members' screen and the public page alike):
 * picture, name, member since, level and points, their own words about themselves and their
 * web addresses (shown by host and path, followed by no search engine: decision 074).
 */
export function ProfileSummary({
  person,
  points,
  level,
  levels,
  badge,
  actions,
}: {
  person: {
    name: string;
    avatar: string | null;
    memberSince: string;
    bio: string;
    links: string[];
  };
  points: number;
  level: number;
  levels: Level[];
  /** Beside the name (the role, on the members' screen). */
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const levelName = levels[level - 1]?.name || t("leaderboard.levelNumber", { n: level });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap="lg" align="center" wrap="wrap">
          <Avatar src={person.avatar} name={person.name} size={88} radius="xl" />
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
                {person.name}
              </Title>
              {badge}
            </Group>
            <Text size="sm" c="dimmed">
              {t("memberProfiles.since", { date: dateIn(i18n.language)(person.memberSince) })}
            </Text>
            <Group gap="xs">
              <Badge color="grape" variant="filled" data-testid="profile-level">
                {levelName}
              </Badge>
              <Text size="sm" data-testid="profile-points">
                {t("memberProfiles.points", { points: String(points) })}
              </Text>
            </Group>
          </Stack>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        {person.bio ? (
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t("memberProfiles.about")}
            </Title>
            <Text
              size="sm"
              style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}
              data-testid="profile-bio"
            >
              {person.bio}
            </Text>
          </Stack>
        ) : null}
        {person.links.length ? (
          <Group gap="md" wrap="wrap" data-testid="profile-links">
            {person.links.map((link) => (
              <Anchor
                key={link}
                href={link}
                target="_blank"
                rel="me nofollow ugc noopener noreferrer"
                size="sm"
                dir="ltr"
                style={{ overflowWrap: "anywhere" }}
              >
                <Group gap={4} wrap="nowrap" component="span">
                  <IconLink size={16} aria-hidden />
                  {linkLabel(link)}
                </Group>
              </Anchor>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A web address as people read it: host and path, without the scheme, "www." or a final "/". */
function linkLabel(link: string): string {
  const url = new URL(link);
  const path = `${url.pathname}${url.search}`.replace(/\/$/, "");
  return `${url.hostname.replace(/^www\./, "")}${path}`;
}
