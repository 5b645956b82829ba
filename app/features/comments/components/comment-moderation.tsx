import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useFetcher, useNavigate } from "react-router";
import { useSettingsSave } from "~/features/options/options";
import { timestampFormat } from "~/platform/i18n/formats";
import { commentsPart, type CommentStatus, type QueuedComment } from "../comment-rules";

const states: CommentStatus[] = ["pending", "approved", "spam"];
const holds = ["first", "all", "none"] as const;

/** One moderation command through the screen's action. */
function Command({
  commentId,
  intent,
  label,
  color,
}: {
  commentId: string;
  intent: "approve" | "spam" | "delete";
  label: string;
  color: string;
}) {
  const fetcher = useFetcher();
  return (
    <Button
      size="compact-sm"
      variant="filled"
      autoContrast
      color={color}
      loading={fetcher.state !== "idle"}
      onClick={() =>
        void fetcher.submit({ intent, commentId } as never, {
          method: "post",
          encType: "application/json",
        })
      }
    >
      {label}
    </Button>
  );
}

/** The site's setting: which comments wait for a manager. */
function HoldSetting({ hold }: { hold: (typeof holds)[number] }) {
  const { t } = useTranslation();
  const saving = useSettingsSave(commentsPart);
  return (
    <Select
      label={t("posts.comments.hold.label")}
      description={t("posts.comments.hold.help")}
      data={holds.map((value) => ({ value, label: t(`posts.comments.hold.${value}`) }))}
      value={hold}
      allowDeselect={false}
      onChange={(value) => {
        if (value) saving.save({ hold: value as (typeof holds)[number] });
      }}
      w={{ base: "100%", sm: 360 }}
      data-testid="comments-hold"
    />
  );
}

export type CommentModerationProps = {
  status: CommentStatus;
  comments: QueuedComment[];
  counts: Record<CommentStatus, number>;
  /** Managers moderate; authors read the comments on their own posts. */
  canModerate: boolean;
  hold: (typeof holds)[number];
};

/**
 * The dashboard's comments: waiting, approved and spam, newest first, with their post; managers
 * approve, mark as spam or delete, and choose what waits for approval.
 */
export function CommentModeration({
  status,
  comments,
  counts,
  canModerate,
  hold,
}: CommentModerationProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const format = timestampFormat(i18n.language);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("posts.comments.title")}
      </Title>
      {canModerate ? (
        <HoldSetting hold={hold} />
      ) : (
        <Text size="sm" c="dimmed">
          {t("posts.comments.authorHelp")}
        </Text>
      )}
      <SegmentedControl
        value={status}
        onChange={(next) =>
          void navigate(next === "pending" ? "?" : `?status=${next}`, { replace: true })
        }
        data={states.map((value) => ({
          value,
          label: `${t(`posts.comments.state.${value}`)} (${counts[value]})`,
        }))}
        aria-label={t("posts.comments.filterLabel")}
        style={{ alignSelf: "flex-start" }}
      />
      {comments.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          {t("posts.comments.empty")}
        </Text>
      ) : (
        <Stack component="ul" role="list" gap="sm" p={0} style={{ listStyle: "none" }}>
          {comments.map((comment) => (
            <Card
              component="li"
              key={comment.id}
              withBorder
              padding="md"
              data-testid="queued-comment"
            >
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600}>{comment.authorName}</Text>
                  <Text size="sm" c="dimmed">
                    {t("posts.comments.on")}{" "}
                    <Anchor
                      component={Link}
                      to={`/blog/${comment.postSlug}`}
                      size="sm"
                      underline="always"
                    >
                      {comment.postTitle}
                    </Anchor>{" "}
                    · {format.format(new Date(comment.createdAt))}
                  </Text>
                </Stack>
                <Badge
                  variant="filled"
                  autoContrast
                  color={status === "approved" ? "green" : status === "spam" ? "red.9" : "yellow"}
                >
                  {t(`posts.comments.state.${comment.status}`)}
                </Badge>
              </Group>
              {comment.parentId ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t("posts.comments.isReply")}
                </Text>
              ) : null}
              <Text mt="xs" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {comment.body}
              </Text>
              {canModerate ? (
                <Group gap="xs" mt="sm">
                  {comment.status !== "approved" ? (
                    <Command
                      commentId={comment.id}
                      intent="approve"
                      color="green"
                      label={t("posts.comments.approve")}
                    />
                  ) : null}
                  {comment.status !== "spam" ? (
                    <Command
                      commentId={comment.id}
                      intent="spam"
                      color="yellow"
                      label={t("posts.comments.spam")}
                    />
                  ) : null}
                  <Command
                    commentId={comment.id}
                    intent="delete"
                    color="red.9"
                    label={t("posts.comments.delete")}
                  />
                </Group>
              ) : null}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
