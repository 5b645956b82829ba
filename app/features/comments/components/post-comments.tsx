import { Badge, Box, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import { COMMENT_MAX_LENGTH, type PublicComment } from "../comment-rules";
import { sendComment, type CommentAnswer, type CommentThread } from "../comment-send";

const errorKey = (answer: Extract<CommentAnswer, { ok: false }>) => {
  if (answer.code === "request.tooMany") return "comments.errors.tooMany";
  if (answer.code === "not_authenticated") return "comments.errors.signIn";
  const issue = answer.issues?.[0];
  if (issue?.code === "too_small") return "comments.errors.empty";
  if (issue?.code === "too_big") return "comments.errors.tooLong";
  return "comments.errors.failed";
};

/**
 * The comment form: a plain form post to the post's address, which also works without script;
 * with it, the answer and the new thread come back without leaving the page. A reply names its
 * parent.
 */
function CommentForm({
  path,
  parentId,
  answered = null,
  onThread,
}: {
  path: string;
  parentId?: string;
  /** The answer the page was rendered with (a post sent without script). */
  answered?: CommentAnswer | null;
  onThread: (thread: CommentThread) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState(answered);
  const notice = answer?.ok ? (answer.held ? "held" : "shown") : null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const sent = await sendComment(path, form);
    setBusy(false);
    setAnswer(sent.answer);
    if (sent.thread) onThread(sent.thread);
    // The text sent is cleared once it is stored (the form is the browser's own state).
    if (sent.answer.ok) form.reset();
  };
  const id = parentId ? `reply-${parentId}` : "comment-new";
  return (
    <form
      method="post"
      action={path}
      onSubmit={submit}
      data-testid={parentId ? "reply-form" : "comment-form"}
    >
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
          <Button type="submit" loading={busy}>
            {t(parentId ? "comments.sendReply" : "comments.send")}
          </Button>
        </Group>
        {notice ? (
          <Text size="sm" role="status" data-testid="comment-notice">
            {t(notice === "held" ? "comments.held" : "comments.shown")}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

function CommentItem({
  comment,
  replies,
  canReply,
  path,
  onThread,
}: {
  comment: PublicComment;
  replies: PublicComment[];
  canReply: boolean;
  path: string;
  onThread: (thread: CommentThread) => void;
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
            <CommentItem
              key={reply.id}
              comment={reply}
              replies={[]}
              canReply={false}
              path={path}
              onThread={onThread}
            />
          ))}
          {replying ? (
            <Box component="li">
              <CommentForm parentId={comment.id} path={path} onThread={onThread} />
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
  /** The post's address: where a comment is sent, and where signing in comes back to. */
  path: string;
  /** The answer to a comment sent without script, shown by the form. */
  answer?: CommentAnswer | null;
};

/**
 * A post's comments: the thread (replies one level deep), then the form for members or a link
 * to sign in. Rendered the same for every anonymous visitor, so the page stays cacheable; only
 * a member who may comment gets it as an island (comments.islands.ts).
 */
export function PostComments({ canComment, path, answer = null, ...given }: PostCommentsProps) {
  const { t } = useTranslation();
  // A comment sent from here comes back with the thread as it now stands (comment-send.ts).
  const [thread, setThread] = useState<CommentThread>({
    comments: given.comments,
    count: given.count,
  });
  const { comments, count } = thread;
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
              path={path}
              onThread={setThread}
            />
          ))}
        </Stack>
      )}
      {canComment ? (
        <CommentForm path={path} answered={answer} onThread={setThread} />
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
