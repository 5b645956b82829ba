import {
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconAward,
  IconCertificate,
  IconMessageCircle,
  IconSchool,
  IconTrendingUp,
  IconUserPlus,
} from "@tabler/icons-react";
import { Link, useNavigate } from "react-router";
import { RelativeTime } from "~/features/groups/groups";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  ACTIVITY_PATH,
  type ActivityFeed,
  type ActivityItem,
  type ActivityKind,
} from "../activity-shapes";

const icons: Record<ActivityKind, typeof IconAward> = {
  post: IconMessageCircle,
  comment: IconMessageCircle,
  completed: IconSchool,
  certificate: IconCertificate,
  joined: IconUserPlus,
  level: IconTrendingUp,
};

/** One item's sentence in the reader's words (literal keys, for the key trace). */
function useSentence() {
  const { t } = useTranslation();
  return (item: ActivityItem) => {
    const name = item.actor.name;
    const title = item.title;
    switch (item.kind) {
      case "post":
        return t("activity.kind.post", { name, title });
      case "comment":
        return t("activity.kind.comment", { name, title });
      case "completed":
        return t("activity.kind.completed", { name, title });
      case "certificate":
        return t("activity.kind.certificate", { name, title });
      case "joined":
        return t("activity.kind.joined", { name });
      case "level":
        return t("activity.kind.level", {
          name,
          title: title || t("activity.levelNumber", { n: item.level ?? 1 }),
        });
    }
  };
}

export function ActivityEntry({ item }: { item: ActivityItem }) {
  const sentence = useSentence();
  const Icon = icons[item.kind];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="activity-item" data-kind={item.kind}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar src={item.actor.avatar} name={item.actor.name} radius="xl" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={500}>
              {item.url ? (
                <Anchor component={Link} to={item.url} inherit>
                  {sentence(item)}
                </Anchor>
              ) : (
                sentence(item)
              )}
            </Text>
          </Group>
          {item.excerpt ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {item.excerpt}
            </Text>
          ) : null}
          <RelativeTime at={item.at} />
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Issue 35 `/dashboard/activity`: what is happening on the site (posts of the groups the reader
 * may read, completed courses, certificates, new members, levels), or the reader's own.
 */
export function ActivityScreen({ feed, before }: { feed: ActivityFeed; before: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const whoSearch = feed.who === "me" ? "?who=me" : "";
  return (
    <Stack gap="md" data-testid="activity-screen">
      <Title order={1} size="h2">
        {t("dashboard.sections.activity.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("dashboard.sections.activity.description")}
      </Text>
      <SegmentedControl
        value={feed.who}
        onChange={(value) =>
          void navigate(value === "me" ? `${ACTIVITY_PATH}?who=me` : ACTIVITY_PATH)
        }
        data={[
          { value: "all", label: t("activity.tabs.all") },
          { value: "me", label: t("activity.tabs.me") },
        ]}
        style={{ alignSelf: "flex-start" }}
        data-testid="activity-who"
      />
      {feed.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center" data-testid="activity-empty">
            {t("activity.empty")}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {feed.items.map((item) => (
            <ActivityEntry key={item.key} item={item} />
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        {before ? (
          <Button variant="subtle" component={Link} to={`${ACTIVITY_PATH}${whoSearch}`}>
            {t("activity.newest")}
          </Button>
        ) : (
          <span />
        )}
        {feed.next ? (
          <Button
            variant="light"
            component={Link}
            to={`${ACTIVITY_PATH}?${new URLSearchParams({ ...(feed.who === "me" ? { who: "me" } : {}), before: feed.next })}`}
            data-testid="activity-older"
          >
            {t("activity.older")}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
