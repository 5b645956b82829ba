import { Avatar, Box, Group, Paper, Text } from "@mantine/core";
import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useGroupPlace } from "./group-place";
import { splitMentions, type Mentionable } from "./mentions";

/**
 * The keys of a list of suggestions: arrows move through it, Enter or Tab takes the one shown
 * chosen, Escape closes it. `onKeyDown` answers whether it used the key.
 */
export function useMentionKeys(
  options: readonly Mentionable[],
  pick: (person: Mentionable) => void,
  close: () => void,
) {
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, options.length - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    if (options.length === 0) return false;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      setActive((current + moves[event.key]! + options.length) % options.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      pick(options[current]!);
      setActive(0);
    } else if (event.key === "Escape") {
      event.stopPropagation();
      close();
    } else return false;
    event.preventDefault();
    return true;
  };
  return { active: current, setActive, onKeyDown };
}

/** The people to mention, as a list the keyboard and the mouse choose from. */
export function MentionOptions({
  id,
  options,
  active,
  onPick,
  onHover,
}: {
  id: string;
  options: readonly Mentionable[];
  active: number;
  onPick: (person: Mentionable) => void;
  onHover: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      py={4}
      id={id}
      role="listbox"
      aria-label={t("groups.mention.suggestions")}
      data-testid="mention-suggestions"
    >
      {options.map((person, index) => (
        <Group
          key={person.userId}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          gap="xs"
          wrap="nowrap"
          px="sm"
          py={4}
          data-testid="mention-option"
          data-slug={person.slug}
          // The field keeps the focus (and its caret) while the mouse chooses.
          onMouseDown={(event) => event.preventDefault()}
          onMouseEnter={() => onHover(index)}
          onClick={() => onPick(person)}
          style={{
            cursor: "pointer",
            background: index === active ? "var(--mantine-color-default-hover)" : undefined,
          }}
        >
          <Avatar src={person.avatar} name={person.name} color="initials" size={24} alt="" />
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" truncate="end">
              <bdi>{person.name}</bdi>
            </Text>
            <Text size="xs" c="dimmed" truncate="end" dir="ltr">
              @{person.slug}
            </Text>
          </Box>
        </Group>
      ))}
    </Paper>
  );
}

/** A comment's plain text with the `@slug` of each known member shown as their name, marked. */
export function MentionText({ text }: { text: string }) {
  const { mentionable } = useGroupPlace();
  return splitMentions(text, mentionable).map((piece, index) =>
    typeof piece === "string" ? (
      piece
    ) : (
      <Text
        key={index}
        span
        inherit
        fw={600}
        title={`@${piece.slug}`}
        data-testid="mention"
        style={{
          color: "var(--mantine-primary-color-light-color)",
          background: "var(--mantine-primary-color-light)",
          borderRadius: "var(--mantine-radius-xs)",
          paddingInline: 2,
        }}
      >
        <bdi>{piece.person.name}</bdi>
      </Text>
    ),
  );
}
