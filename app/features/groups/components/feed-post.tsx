import { Badge, Divider, Group, Paper, Stack, Typography } from "@mantine/core";
import { IconEyeOff, IconFlag, IconPin } from "@tabler/icons-react";
import { storedHtmlClass } from "~/features/content/content";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FeedPost } from "../group-shapes";
import { AuthorLine } from "./author-line";
import { useGroupPlace } from "./group-place";
import { PostModerationMenu } from "./moderation-menu";
import { PostComments } from "./post-comments";
import { PollBox } from "./poll-box";
import { ReactionBar } from "./reaction-bar";
import { RelativeTime } from "./relative-time";

/**
 * One post of the feed: its author and time, what marks it (pinned, new, hidden), its body (HTML
 * the server sanitised), its reactions and its comments. A hidden post reaches moderators only,
 * who see it greyed.
 */
export function FeedPostView({
  post,
  fresh,
  canTake,
  moderates,
}: {
  post: FeedPost;
  /** Not seen before this visit (kept while the visit lasts, after the feed is marked read). */
  fresh: boolean;
  canTake: boolean;
  moderates: boolean;
}) {
  const { t } = useTranslation();
  const { viewerId, reported } = useGroupPlace();
  const rights = {
    moderates,
    canReport: canTake && Boolean(viewerId) && post.author.userId !== viewerId,
  };
  return (
    <Paper
      component="article"
      // The address of the post (a mention's notification links to it).
      id={`post-${post.id}`}
      withBorder
      radius="md"
      p="md"
      data-testid="group-post"
      data-post-id={post.id}
      data-pinned={post.pinned || undefined}
      data-hidden={post.hidden || undefined}
      data-unread={fresh || undefined}
      style={{
        opacity: post.hidden ? 0.6 : undefined,
        borderStyle: post.hidden ? "dashed" : undefined,
        borderInlineStart: fresh ? "3px solid var(--mantine-primary-color-filled)" : undefined,
        // Reached by its address, it is not left under the dashboard's top bar.
        scrollMarginTop: 80,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <AuthorLine author={post.author}>
            <RelativeTime at={post.createdAt} />
          </AuthorLine>
          <Group gap={6} wrap="wrap" justify="flex-end">
            {post.pinned ? (
              <Badge
                variant="light"
                leftSection={<IconPin size={12} aria-hidden />}
                data-testid="post-pinned"
              >
                {t("groups.post.pinned")}
              </Badge>
            ) : null}
            {fresh ? (
              <Badge color="red" variant="filled" data-testid="post-new">
                {t("groups.post.new")}
              </Badge>
            ) : null}
            {post.hidden ? (
              <Badge
                color="gray"
                variant="outline"
                leftSection={<IconEyeOff size={12} aria-hidden />}
                data-testid="post-hidden"
              >
                {t("groups.post.hidden")}
              </Badge>
            ) : null}
            {moderates && reported.has(post.id) ? (
              <Badge
                color="orange"
                variant="light"
                leftSection={<IconFlag size={12} aria-hidden />}
                data-testid="post-reported"
              >
                {t("groups.post.reported")}
              </Badge>
            ) : null}
            <PostModerationMenu post={post} rights={rights} />
          </Group>
        </Group>
        <Typography>
          <div
            className={storedHtmlClass}
            dir="auto"
            style={{ overflowWrap: "anywhere" }}
            data-testid="post-body"
            dangerouslySetInnerHTML={{ __html: post.body }}
          />
        </Typography>
        {post.poll ? <PollBox postId={post.id} poll={post.poll} canVote={canTake} /> : null}
        <ReactionBar
          postId={post.id}
          reactions={post.reactions}
          mine={post.mine}
          canReact={canTake}
        />
        <Divider />
        <PostComments post={post} canTake={canTake} moderates={moderates} />
      </Stack>
    </Paper>
  );
}
