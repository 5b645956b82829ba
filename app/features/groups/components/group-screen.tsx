import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  useDirection,
} from "@mantine/core";
import { IconArrowLeft, IconLock } from "@tabler/icons-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { GROUPS_PATH, type GroupTies, type GroupView } from "../group-shapes";
import { FeedPostView } from "./feed-post";
import { GroupComposer } from "./group-composer";
import { GroupHeader } from "./group-header";
import { useLiveFeed, usePostAnchor, useReadMarks } from "./group-live";
import { GroupPlaceContext } from "./group-place";
import { GroupReports } from "./group-reports";
import { GroupRequests } from "./group-requests";

/** The back link to the list, its arrow turned for right-to-left reading. */
function BackLink() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  return (
    <Anchor component={Link} to={GROUPS_PATH} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft
          size={16}
          aria-hidden
          style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined}
        />
        <span>{t("groups.page.back")}</span>
      </Group>
    </Anchor>
  );
}

/**
 * Issue 35 `/dashboard/groups/{slug}`: a group's header, its waiting requests and reports
 * (moderators), the composer (those who may post), and a page of its feed, pinned posts first.
 * The feed follows the group's changes live; a post named by the address is brought into view.
 */
export function GroupScreen({
  group,
  canManage,
  ties,
  limit,
  before,
  viewerId,
}: {
  group: GroupView;
  /** The viewer holds `manage_options`: the group's settings and its deletion. */
  canManage: boolean;
  ties: GroupTies;
  limit: number;
  /** The feed's cursor this page was opened at (null: the newest posts). */
  before: string | null;
  /** The signed-in person (their own posts are not theirs to report). */
  viewerId: string;
}) {
  const { t } = useTranslation();
  const isFresh = useReadMarks(group);
  useLiveFeed(group.id);
  usePostAnchor();
  const place = useMemo(
    () => ({
      viewerId,
      mentionable: group.mentionable,
      reported: new Set(group.reports.map((report) => report.targetId)),
    }),
    [viewerId, group.mentionable, group.reports],
  );
  const member = group.mine?.status === "active";
  // Who may post, comment and react: the group's active members and the site's managers.
  const canTake = member || canManage;
  // A private group's feed is its members'; a banned person reads no group's.
  const locked = !canTake && (group.privacy !== "public" || group.mine?.status === "banned");
  return (
    <GroupPlaceContext value={place}>
      <Stack gap="md" data-testid="group-screen" data-group-id={group.id}>
        <BackLink />
        <GroupHeader group={group} canManage={canManage} ties={ties} limit={limit} />
        {group.moderates ? <GroupRequests groupId={group.id} requests={group.requests} /> : null}
        {group.moderates ? <GroupReports reports={group.reports} /> : null}
        {canTake ? <GroupComposer groupId={group.id} /> : null}
        <Title order={2} size="h4">
          {t("groups.page.feed")}
        </Title>
        {locked ? (
          <Alert
            variant="light"
            color="gray"
            icon={<IconLock size={18} aria-hidden />}
            data-testid="group-locked"
          >
            {t("groups.page.locked")}
          </Alert>
        ) : group.feed.length === 0 ? (
          <Paper withBorder radius="md" p="xl" data-testid="feed-empty">
            <Text c="dimmed" ta="center">
              {before ? t("groups.page.noOlder") : t("groups.page.empty")}
            </Text>
          </Paper>
        ) : (
          <Stack gap="md" data-testid="group-feed">
            {group.feed.map((post) => (
              <FeedPostView
                key={post.id}
                post={post}
                fresh={isFresh(post.id, post.unread)}
                canTake={canTake}
                moderates={group.moderates}
              />
            ))}
          </Stack>
        )}
        {group.next || before ? (
          <Group justify="center" gap="sm" wrap="wrap">
            {before ? (
              <Button
                component={Link}
                to={`${GROUPS_PATH}/${group.slug}`}
                variant="default"
                data-testid="feed-newest"
              >
                {t("groups.page.newest")}
              </Button>
            ) : null}
            {group.next ? (
              <Button
                component={Link}
                to={`?before=${encodeURIComponent(group.next)}`}
                variant="light"
                data-testid="feed-older"
              >
                {t("groups.page.older")}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </GroupPlaceContext>
  );
}
