import { Badge, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import type { FieldIssue } from "~/platform/field-issues";
import { COMMENT_MAX_LENGTH, type PublicComment } from "../comment-rules";

type Answer = { ok: true; held: boolean } | { ok: false; code: string; issues?: FieldIssue[] };

const errorKey = (answer: Extract<Answer, { ok: false }>) => {
  if (answer.code === "request.tooMany") return "comments.errors.tooMany";
  if (answer.code === "not_authenticated") return "comments.errors.signIn";
  const issue = answer.issues?.[0];
  if (issue?.code === "too_small") return "comments.errors.empty";
  if (issue?.code === "too_big") return "comments.errors.tooLong";
  return "comments.errors.failed";
};

/** The comment form (a form post that works without scripts too); a reply names its parent. */
function CommentForm({ parentId }: { parentId?: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const notice = answer?.ok ? (answer.held ? "held" : "shown") : null;
  // The text sent is cleared once it is stored (the form is the browser's own state).
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  const id = parentId ? `reply-${parentId}` : "comment-new";
  return (
    <fetcher.Form method="post" ref={form} data-testid={parentId ? "reply-form" : "comment-form"}>
      <input type="hidden" name="intent" value="comment" />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <Stack gap="xs">
        <Textarea
          id={id}
          name="body"
          label={t(parentId ? "comments.replyLabel" : "comments.label")}
          required
          autosize
          minRows={3}
          maxLength={COMMENT_MAX_LENGTH}
          error={answer && !answer.ok ? t(errorKey(answer)) : undefined}
        />
        <Group gap="xs">
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {t(parentId ? "comments.sendReply" : "comments.send")}
          </Button>
        </Group>
        {notice ? (
          <Text size="sm" role="status" data-testid="comment-notice">
            {t(notice === "held" ? "comments.held" : "comments.shown")}
          </Text>
        ) : null}
      </Stack>
    </fetcher.Form>
  );
}

function CommentItem({
  comment,
  replies,
  canReply,
}: {
  comment: PublicComment;
  replies: PublicComment[];
  canReply: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const date = dateFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(comment.createdAt),
  );
  return (
    <Box component="li" data-testid="comment">
      <Box component="article" aria-labelledby={`comment-${comment.id}-by`}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} id={`comment-${comment.id}-by`}>
            {comment.authorName}
          </Text>
          <Text size="sm" c="dimmed" component="time" dateTime={comment.createdAt}>
            {date}
          </Text>
          {comment.status === "pending" ? (
            <Badge variant="filled" color="yellow" autoContrast>
              {t("comments.awaiting")}
            </Badge>
          ) : null}
        </Group>
        {/* Plain text: React escapes it, and no address in it becomes a link. */}
        <Text
          mt={4}
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          data-testid="comment-body"
        >
          {comment.body}
        </Text>
        {canReply && comment.status === "approved" ? (
          <Button
            variant="subtle"
            size="compact-sm"
            mt={4}
            aria-expanded={replying}
            onClick={() => setReplying((open) => !open)}
          >
            {t("comments.reply")}
          </Button>
        ) : null}
      </Box>
      {replies.length > 0 || replying ? (
        <Box
          component="ul"
          role="list"
          mt="sm"
          pl="lg"
          style={{
            listStyle: "none",
            borderInlineStart: "2px solid var(--mantine-color-default-border)",
          }}
        >
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} replies={[]} canReply={false} />
          ))}
          {replying ? (
            <Box component="li">
              <CommentForm parentId={comment.id} />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

export type PostCommentsProps = {
  comments: PublicComment[];
  /** Approved comments, replies included. */
  count: number;
  canComment: boolean;
  /** Where to come back to after signing in. */
  path: string;
};

/**
 * A post's comments: the thread (replies one level deep), then the form for members or a link
 * to sign in. Rendered the same for every anonymous visitor, so the page stays cacheable.
 */
export function PostComments({ comments, count, canComment, path }: PostCommentsProps) {
  const { t } = useTranslation();
  const top = comments.filter((comment) => comment.parentId === null);
  const repliesOf = (id: string) => comments.filter((comment) => comment.parentId === id);
  return (
    <Box component="section" aria-labelledby="comments-title" mt={48} data-testid="comments">
      <Title order={2} id="comments-title" size="h3" mb="md">
        {t("comments.title", { count })}
      </Title>
      {top.length === 0 ? (
        <Text c="dimmed" mb="md">
          {t("comments.none")}
        </Text>
      ) : (
        <Stack component="ul" role="list" gap="lg" mb="xl" p={0} style={{ listStyle: "none" }}>
          {top.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              replies={repliesOf(comment.id)}
              canReply={canComment}
            />
          ))}
        </Stack>
      )}
      {canComment ? (
        <CommentForm />
      ) : (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="xs">
            {t("comments.joinTitle")}
          </Text>
          <Button
            component={Link}
            to={`/login?redirectedFrom=${encodeURIComponent(path)}`}
            variant="default"
          >
            {t("comments.signIn")}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
