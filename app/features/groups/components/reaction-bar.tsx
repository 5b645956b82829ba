import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { IconMoodSmile } from "@tabler/icons-react";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import { reactionKinds, type ReactionKind } from "../group-shapes";
import { reactionFaces, useGroupCommand, useGroupWords } from "./group-words";

type Counts = Partial<Record<ReactionKind, number>>;

/** The counts as they will be once `next` replaces `mine` (the viewer has one reaction at most). */
function countsAfter(counts: Counts, mine: ReactionKind | null, next: ReactionKind | null): Counts {
  const out = { ...counts };
  if (mine) out[mine] = Math.max(0, (out[mine] ?? 0) - 1);
  if (next) out[next] = (out[next] ?? 0) + 1;
  return out;
}

/**
 * A post's (or a comment's) reactions: each kind with its count; the viewer's own is marked, and
 * clicking it takes it back, another kind replaces it. The change shows while it travels.
 * `compact` (comments) shows only the kinds given, with a menu to add one.
 */
export function ReactionBar({
  postId,
  commentId = null,
  reactions,
  mine,
  canReact,
  compact = false,
}: {
  postId: string;
  commentId?: string | null;
  reactions: Counts;
  mine: ReactionKind | null;
  canReact: boolean;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const words = useGroupWords();
  const number = numberFormat(i18n.language);
  const command = useGroupCommand();
  const sent = command.last?.intent === "react" ? command.last : null;
  const shownMine = sent ? sent.kind : mine;
  const counts = sent ? countsAfter(reactions, mine, sent.kind) : reactions;
  const toggle = (kind: ReactionKind) =>
    void command.send({
      intent: "react",
      postId,
      commentId,
      kind: shownMine === kind ? null : kind,
    });
  const shown = compact
    ? reactionKinds.filter((kind) => (counts[kind] ?? 0) > 0 || shownMine === kind)
    : reactionKinds;
  return (
    <Group gap={6} wrap="wrap" data-testid={commentId ? "comment-reactions" : "post-reactions"}>
      {shown.map((kind) => {
        const count = counts[kind] ?? 0;
        const chosen = shownMine === kind;
        const { icon: Icon, colour } = reactionFaces[kind];
        return (
          <Button
            key={kind}
            size={compact ? "compact-xs" : "compact-sm"}
            radius="xl"
            variant={chosen ? "light" : "default"}
            color={chosen ? colour : undefined}
            aria-pressed={chosen}
            disabled={!canReact}
            title={words.reactions[kind]}
            aria-label={t("groups.reactions.label", {
              kind: words.reactions[kind],
              value: number.format(count),
            })}
            onClick={() => toggle(kind)}
            leftSection={
              <Icon
                size={compact ? 14 : 16}
                aria-hidden
                color={`var(--mantine-color-${colour}-${chosen ? "light-color" : "text"})`}
              />
            }
            data-testid={`reaction-${kind}`}
            data-chosen={chosen || undefined}
          >
            {number.format(count)}
          </Button>
        );
      })}
      {compact && canReact ? (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              radius="xl"
              aria-label={t("groups.reactions.add")}
              data-testid="reaction-add"
            >
              <IconMoodSmile size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {reactionKinds.map((kind) => {
              const { icon: Icon, colour } = reactionFaces[kind];
              return (
                <Menu.Item
                  key={kind}
                  leftSection={
                    <Icon size={16} aria-hidden color={`var(--mantine-color-${colour}-text)`} />
                  }
                  onClick={() => toggle(kind)}
                  data-testid={`reaction-pick-${kind}`}
                >
                  {words.reactions[kind]}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
