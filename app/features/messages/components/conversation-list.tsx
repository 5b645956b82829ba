import { Button, CloseButton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconMessages, IconSearch } from "@tabler/icons-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ConversationSummary, MessagesScreenData } from "../message-shapes";
import { ConversationRow, FoundRow } from "./conversation-row";
import classes from "./messages.module.css";

const SEARCH_DEBOUNCE_MS = 500;

/** The search in messages: what is typed becomes the page's `?q=` once the typing pauses. */
function MessagesSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const [text, setText] = useState(query);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // A link that leaves the search (a new conversation opened) empties the box too; the page's
  // answer to what was typed leaves it alone (the typing may have gone on).
  const [seen, setSeen] = useState(query);
  if (query !== seen) {
    setSeen(query);
    if (query !== debounced.trim()) setText(query);
  }
  const apply = useEffectEvent((value: string) => {
    if (value === query) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set("q", value);
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  });
  useEffect(() => apply(debounced.trim()), [debounced]);
  return (
    <TextInput
      aria-label={t("messages.list.search")}
      placeholder={t("messages.list.search")}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.currentTarget.value)}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t("messages.list.clearSearch")}
            onClick={() => setText("")}
          />
        ) : null
      }
      data-testid="messages-search"
    />
  );
}

/** No conversation yet: what the list is for, and the way to start one. */
function NoConversations({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" ta="center" p="xl" data-testid="messages-empty">
      <IconMessages size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text fw={600}>{t("messages.list.emptyTitle")}</Text>
      <Text size="sm" c="dimmed">
        {t("messages.list.empty")}
      </Text>
      <Button variant="light" onClick={onNew}>
        {t("messages.list.start")}
      </Button>
    </Stack>
  );
}

/** The list pane: the search, then the viewer's conversations (or the messages found). */
export function ConversationList({
  conversations,
  found,
  openId,
  me,
  onNew,
}: {
  conversations: ConversationSummary[];
  found: MessagesScreenData["found"];
  openId: string | null;
  me: string;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = params.get("q")?.trim() ?? "";
  const othersOf = (conversationId: string) =>
    conversations.find((conversation) => conversation.id === conversationId)?.others ?? [];
  let content;
  if (query) {
    content =
      found.length === 0 ? (
        <Text size="sm" c="dimmed" p="md" data-testid="found-none">
          {t("messages.list.noResults")}
        </Text>
      ) : (
        <nav aria-label={t("messages.list.results")}>
          {found.map((message) => (
            <FoundRow
              key={message.id}
              message={message}
              others={othersOf(message.conversationId)}
              query={query}
            />
          ))}
        </nav>
      );
  } else if (conversations.length === 0) {
    content = <NoConversations onNew={onNew} />;
  } else {
    content = (
      <nav aria-label={t("messages.list.label")}>
        {conversations.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            open={conversation.id === openId}
            me={me}
          />
        ))}
      </nav>
    );
  }
  return (
    <>
      <div className={classes.paneHead}>
        <MessagesSearch />
      </div>
      <div className={classes.scroll} data-testid="messages-list">
        {content}
      </div>
    </>
  );
}
