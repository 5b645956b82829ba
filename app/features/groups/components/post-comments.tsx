import { Badge, Box, Button, Group, Stack, Text } from "@mantine/core";
import { IconCornerDownRight, IconFlag, IconMessageOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FeedComment, FeedPost } from "../group-shapes";
import { AuthorLine } from "./author-line";
import { CommentBox } from "./comment-box";
import { useGroupPlace } from "./group-place";
import { MentionText } from "./mention-parts";
import { CommentModerationMenu } from "./moderation-menu";
import { ReactionBar } from "./reaction-bar";
import { RelativeTime } from "./relative-time";

/** Top-level threads shown before "show all". */
const FOLDED_THREADS = 3;

type CommentRights = { canTake: boolean; moderates: boolean; open: boolean };

/** One comment: who and when, its text (plain: React escapes it), its reactions and tools. */
function CommentItem({
  postId,
  comment,
  rights,
  onReply,
}: {
  postId: string;
  comment: FeedComment;
  rights: CommentRights;
  onReply?: () => void;
}) {
  const { t } = useTranslation();
  const { viewerId, reported } = useGroupPlace();
  const menu = {
    moderates: rights.moderates,
    canReport: rights.canTake && Boolean(viewerId) && comment.author.userId !== viewerId,
  };
  return (
    <Box
      component="article"
      data-testid="comment"
      data-hidden={comment.hidden || undefined}
      style={{ opacity: comment.hidden ? 0.6 : undefined }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <AuthorLine author={comment.author} size={28}>
          <RelativeTime at={comment.createdAt} />
        </AuthorLine>
        <Group gap={4} wrap="nowrap">
          {comment.hidden ? (
            <Badge size="xs" color="gray" variant="outline" data-testid="comment-hidden">
              {t("groups.post.hidden")}
            </Badge>
          ) : null}
          {rights.moderates && reported.has(comment.id) ? (
            <Badge
              size="xs"
              color="orange"
              variant="light"
              leftSection={<IconFlag size={10} aria-hidden />}
              data-testid="comment-reported"
            >
              {t("groups.post.reported")}
            </Badge>
          ) : null}
          <CommentModerationMenu postId={postId} comment={comment} rights={menu} />
        </Group>
      </Group>
      <Box mt={4} ps={36}>
        <Text
          size="sm"
          dir="auto"
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          data-testid="comment-body"
        >
          <MentionText text={comment.body} />
        </Text>
      </Box>
      <Group gap="xs" mt={4} ps={36} wrap="wrap">
        <ReactionBar
          postId={postId}
          commentId={comment.id}
          reactions={comment.reactions}
          mine={comment.mine}
          canReact={rights.canTake}
          compact
        />
        {onReply && rights.canTake && rights.open ? (
          <Button
            variant="subtle"
            size="compact-xs"
            leftSection={<IconCornerDownRight size={14} aria-hidden />}
            onClick={onReply}
            data-testid="comment-reply"
          >
            {t("groups.comments.reply")}
          </Button>
        ) : null}
      </Group>
    </Box>
  );
}

/** A top-level comment with its replies (one level) and, when asked, a reply box. */
function CommentThread({
  postId,
  comment,
  replies,
  rights,
  replying,
  setReplying,
}: {
  postId: string;
  comment: FeedComment;
  replies: FeedComment[];
  rights: CommentRights;
  replying: boolean;
  setReplying: (open: boolean) => void;
}) {
  return (
    <Stack gap="xs" component="li" style={{ listStyle: "none" }}>
      <CommentItem
        postId={postId}
        comment={comment}
        rights={rights}
        onReply={() => setReplying(!replying)}
      />
      {replies.length > 0 || replying ? (
        <Stack
          gap="xs"
          ms={14}
          ps="md"
          style={{ borderInlineStart: "2px solid var(--mantine-color-default-border)" }}
        >
          {replies.length > 0 ? (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem postId={postId} comment={reply} rights={rights} />
                </li>
              ))}
            </Stack>
          ) : null}
          {replying ? (
            <CommentBox
              postId={postId}
              parentId={comment.id}
              onSent={() => setReplying(false)}
              autoFocus
            />
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * A post's comments: threads of one level, the last few shown until asked for all, and the box
 * for a new one (closed comments say so; their moderators may still write).
 */
export function PostComments({
  post,
  canTake,
  moderates,
}: {
  post: FeedPost;
  canTake: boolean;
  moderates: boolean;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  // The threads being answered: kept on the screen while the feed reads again (live), so a
  // reply being written is not lost when newer threads push its thread out of the folded few.
  const [replying, setReplying] = useState<ReadonlySet<string>>(() => new Set());
  const replyTo = (id: string, open: boolean) =>
    setReplying((now) => {
      const next = new Set(now);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const top = post.comments.filter((comment) => !comment.parentId);
  const repliesTo = new Map<string, FeedComment[]>();
  for (const comment of post.comments)
    if (comment.parentId)
      repliesTo.set(comment.parentId, [...(repliesTo.get(comment.parentId) ?? []), comment]);
  const folded = new Set(top.slice(-FOLDED_THREADS).map((comment) => comment.id));
  const shown = all
    ? top
    : top.filter((comment) => folded.has(comment.id) || replying.has(comment.id));
  const rights = { canTake, moderates, open: !post.commentsClosed || moderates };
  return (
    <Stack gap="sm" data-testid="post-comments">
      {top.length > shown.length ? (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => setAll(true)}
          data-testid="comments-show-all"
        >
          {t("groups.comments.showAll", { value: top.length })}
        </Button>
      ) : null}
      {shown.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {shown.map((comment) => (
            <CommentThread
              key={comment.id}
              postId={post.id}
              comment={comment}
              replies={repliesTo.get(comment.id) ?? []}
              rights={rights}
              replying={replying.has(comment.id)}
              setReplying={(open) => replyTo(comment.id, open)}
            />
          ))}
        </Stack>
      ) : null}
      {post.commentsClosed ? (
        <Group gap={6} wrap="nowrap" c="dimmed" data-testid="comments-closed">
          <IconMessageOff size={14} aria-hidden />
          <Text size="sm" c="dimmed">
            {t("groups.comments.closed")}
          </Text>
        </Group>
      ) : null}
      {canTake && rights.open ? <CommentBox postId={post.id} /> : null}
    </Stack>
  );
}
