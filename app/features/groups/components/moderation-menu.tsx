import { ActionIcon, Menu } from "@mantine/core";
import {
  IconDots,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconMessage,
  IconMessageOff,
  IconPin,
  IconPinnedOff,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FeedComment, FeedPost } from "../group-shapes";
import { useGroupCommand } from "./group-words";
import { ReportDialog } from "./report-dialog";

/** What the viewer may do with a post or a comment: moderate it, report it (not their own). */
export type MenuRights = { moderates: boolean; canReport: boolean };

/** The "Report" entry: shown to members who did not write the thing. */
function ReportItem({ testId, onClick }: { testId: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Item
      leftSection={<IconFlag size={16} aria-hidden />}
      onClick={onClick}
      data-testid={testId}
    >
      {t("groups.report.action")}
    </Menu.Item>
  );
}

/**
 * A post's menu: for its moderators, pin it, close its comments, hide it (and each one's
 * undoing); for the other members, report it.
 */
export function PostModerationMenu({ post, rights }: { post: FeedPost; rights: MenuRights }) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const [reporting, setReporting] = useState(false);
  if (!rights.moderates && !rights.canReport) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            loading={command.busy}
            aria-label={t(rights.moderates ? "groups.moderation.menu" : "groups.report.postMenu")}
            data-testid={rights.moderates ? "post-moderation" : "post-menu"}
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {rights.moderates ? (
            <>
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
                  post.hidden ? (
                    <IconEye size={16} aria-hidden />
                  ) : (
                    <IconEyeOff size={16} aria-hidden />
                  )
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
            </>
          ) : null}
          {rights.moderates && rights.canReport ? <Menu.Divider /> : null}
          {rights.canReport ? (
            <ReportItem testId="report-post" onClick={() => setReporting(true)} />
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        postId={post.id}
        commentId={null}
      />
    </>
  );
}

/** A comment's menu: for moderators, hide it or show it again; for the other members, report it. */
export function CommentModerationMenu({
  postId,
  comment,
  rights,
}: {
  postId: string;
  comment: FeedComment;
  rights: MenuRights;
}) {
  const { t } = useTranslation();
  const command = useGroupCommand();
  const [reporting, setReporting] = useState(false);
  if (!rights.moderates && !rights.canReport) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            loading={command.busy}
            aria-label={t(
              rights.moderates ? "groups.moderation.commentMenu" : "groups.report.commentMenu",
            )}
            data-testid={rights.moderates ? "comment-moderation" : "comment-menu"}
          >
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {rights.moderates ? (
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
          ) : null}
          {rights.moderates && rights.canReport ? <Menu.Divider /> : null}
          {rights.canReport ? (
            <ReportItem testId="report-comment" onClick={() => setReporting(true)} />
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ReportDialog
        opened={reporting}
        onClose={() => setReporting(false)}
        postId={postId}
        commentId={comment.id}
      />
    </>
  );
}
