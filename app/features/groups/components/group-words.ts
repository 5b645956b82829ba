import { IconBulb, IconConfetti, IconHeart, IconThumbUp } from "@tabler/icons-react";
import { useFetcher } from "react-router";
import { errorKeyOf } from "~/platform/errors";
import { useTranslation } from "~/platform/i18n/use-translation";
import type {
  GroupAccessKind,
  GroupAnswer,
  GroupCommandInput,
  GroupMemberStatus,
  GroupPrivacy,
  GroupRole,
  ReactionKind,
} from "../group-shapes";

export const privacyColour: Record<GroupPrivacy, string> = {
  public: "teal",
  private: "orange",
  hidden: "gray",
};

/**
 * Reactions' faces: icons and colours rather than emoji, which a system without a colour emoji
 * font draws as empty boxes.
 */
export const reactionFaces: Record<ReactionKind, { icon: typeof IconThumbUp; colour: string }> = {
  like: { icon: IconThumbUp, colour: "blue" },
  love: { icon: IconHeart, colour: "red" },
  celebrate: { icon: IconConfetti, colour: "orange" },
  insightful: { icon: IconBulb, colour: "yellow" },
};

/** Privacies, ties, roles and reactions in the reader's words (literal keys, for the key trace). */
export function useGroupWords() {
  const { t } = useTranslation();
  const privacies: Record<GroupPrivacy, string> = {
    public: t("groups.privacy.public"),
    private: t("groups.privacy.private"),
    hidden: t("groups.privacy.hidden"),
  };
  const privacyHelp: Record<GroupPrivacy, string> = {
    public: t("groups.privacy.publicHelp"),
    private: t("groups.privacy.privateHelp"),
    hidden: t("groups.privacy.hiddenHelp"),
  };
  const ties: Record<GroupAccessKind, string> = {
    open: t("groups.form.tieOpen"),
    course: t("groups.form.tieCourse"),
    membership: t("groups.form.tieMembership"),
  };
  const places: Record<GroupRole | Exclude<GroupMemberStatus, "active">, string> = {
    member: t("groups.status.member"),
    moderator: t("groups.status.moderator"),
    requested: t("groups.status.requested"),
    banned: t("groups.status.banned"),
  };
  const reactions: Record<ReactionKind, string> = {
    like: t("groups.reactions.like"),
    love: t("groups.reactions.love"),
    celebrate: t("groups.reactions.celebrate"),
    insightful: t("groups.reactions.insightful"),
  };
  return { privacies, privacyHelp, ties, places, reactions };
}

/** A command's refusal in the reader's words (its field issues are the form's to show). */
export function useRefusal(answer: GroupAnswer | undefined): string | null {
  const { t } = useTranslation();
  if (!answer || answer.ok) return null;
  if (answer.code === "request.invalid" && answer.issues?.length) return null;
  return t(errorKeyOf(answer.code));
}

/**
 * One command sent as JSON to the screen's own action, with its answer once back; `last` is the
 * command being sent (for an optimistic look while it travels).
 */
export function useGroupCommand() {
  const fetcher = useFetcher<GroupAnswer>();
  const send = (command: GroupCommandInput) =>
    fetcher.submit(command as Parameters<typeof fetcher.submit>[0], {
      method: "post",
      encType: "application/json",
    });
  const busy = fetcher.state !== "idle";
  const answer = busy ? undefined : fetcher.data;
  const last = busy ? (fetcher.json as GroupCommandInput | undefined) : undefined;
  return { send, answer, busy, last };
}
