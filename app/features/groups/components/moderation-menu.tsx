import { ActionIcon, Menu } from "@mantine/core";
import {
  IconDots,
  IconEye,
  IconEyeOff,
  IconMessage,
  IconMessageOff,
  IconPin,
  IconPinnedOff,
} from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FeedComment, FeedPost } from "../group-shapes";
import { useGroupCommand } from "./group-words";

/** A moderator's menu on a post: pin it, close its comments, hide it (and each one's undoing). */
export function PostModerationMenu({ post }: { post: FeedPost }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={command.busy}
          aria-label={t("groups.moderation.menu")}
          data-testid="post-moderation"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={
            post.pinned ? (
              <IconPinnedOff size={16} aria-hidden />
            ) : (
              <IconPin size={16} aria-hidden />
            )
          }
          onClick={() =>
            void command.send({ intent: "pin", postId: post.id, pinned: !post.pinned })
          }
          data-testid="post-pin"
        >
          {t(post.pinned ? "groups.moderation.unpin" : "groups.moderation.pin")}
        </Menu.Item>
        <Menu.Item
          leftSection={
            post.commentsClosed ? (
              <IconMessage size={16} aria-hidden />
            ) : (
              <IconMessageOff size={16} aria-hidden />
            )
          }
          onClick={() =>
            void command.send({
              intent: "closeComments",
              postId: post.id,
              closed: !post.commentsClosed,
            })
          }
          data-testid="post-close-comments"
        >
          {t(
            post.commentsClosed
              ? "groups.moderation.openComments"
              : "groups.moderation.closeComments",
          )}
        </Menu.Item>
        <Menu.Item
          color={post.hidden ? undefined : "red"}
          leftSection={
            post.hidden ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />
          }
          onClick={() =>
            void command.send({
              intent: "hide",
              postId: post.id,
              commentId: null,
              hidden: !post.hidden,
            })
          }
          data-testid="post-hide"
        >
          {t(post.hidden ? "groups.moderation.unhide" : "groups.moderation.hide")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A moderator's menu on a comment: hide it, or show it again. */
export function CommentModerationMenu({
  postId,
  comment,
}: {
  postId: string;
  comment: FeedComment;
}) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          loading={command.busy}
          aria-label={t("groups.moderation.commentMenu")}
          data-testid="comment-moderation"
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          color={comment.hidden ? undefined : "red"}
          leftSection={
            comment.hidden ? (
              <IconEye size={16} aria-hidden />
            ) : (
              <IconEyeOff size={16} aria-hidden />
            )
          }
          onClick={() =>
            void command.send({
              intent: "hide",
              postId,
              commentId: comment.id,
              hidden: !comment.hidden,
            })
          }
          data-testid="comment-hide"
        >
          {t(comment.hidden ? "groups.moderation.unhide" : "groups.moderation.hide")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
