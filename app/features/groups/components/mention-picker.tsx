import { Button, Popover, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { IconAt } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useGroupPlace } from "./group-place";
import { MentionOptions, useMentionKeys } from "./mention-parts";
import { matchMentionable, type Mentionable } from "./mentions";

/** How many members the picker lists at once (the search narrows a large group). */
const PICKER_LIMIT = 50;

/** The composer's "Mention" button: a searchable list of the group's members to name. */
export function MentionPicker({ onPick }: { onPick: (person: Mentionable) => void }) {
  const { t } = useTranslation();
  const { mentionable, viewerId } = useGroupPlace();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState("");
  const listId = useId();
  const options = matchMentionable(mentionable, search, { except: viewerId, limit: PICKER_LIMIT });
  const close = () => {
    setOpened(false);
    setSearch("");
  };
  const pick = (person: Mentionable) => {
    close();
    onPick(person);
  };
  const keys = useMentionKeys(options, pick, close);
  if (!mentionable.some((person) => person.userId !== viewerId)) return null;
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      position="top-start"
      width={300}
      shadow="md"
      trapFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          type="button"
          variant="default"
          leftSection={<IconAt size={16} aria-hidden />}
          onClick={() => (opened ? close() : setOpened(true))}
          data-testid="mention-open"
        >
          {t("groups.mention.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap="xs">
          <TextInput
            aria-label={t("groups.mention.search")}
            placeholder={t("groups.mention.search")}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Escape closes the picker (the popover's own key), not only the list.
              if (event.key !== "Escape") keys.onKeyDown(event);
            }}
            aria-autocomplete="list"
            aria-controls={options.length > 0 ? listId : undefined}
            aria-activedescendant={options.length > 0 ? `${listId}-${keys.active}` : undefined}
            data-autofocus
            data-testid="mention-search"
          />
          {options.length > 0 ? (
            <ScrollArea.Autosize mah={260}>
              <MentionOptions
                id={listId}
                options={options}
                active={keys.active}
                onPick={pick}
                onHover={keys.setActive}
              />
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" c="dimmed" px="xs">
              {t("groups.mention.none")}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
