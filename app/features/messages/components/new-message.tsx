import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pill,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { numberFormat } from "~/platform/i18n/formats";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  MAX_RECIPIENTS,
  MESSAGES_PATH,
  type DirectMessagePolicy,
  type Person,
} from "../message-shapes";
import { useMessageCommand, useRefusal } from "./message-words";
import { PersonAvatar } from "./person-avatar";

const FIND_DEBOUNCE_MS = 300;

/** The people the typed name finds, from the screen's own loader (`?find=`). */
function usePeopleFound(text: string) {
  const finder = useFetcher<{ people?: Person[] }>();
  const [debounced] = useDebouncedValue(text.trim(), FIND_DEBOUNCE_MS);
  const find = useEffectEvent(
    (words: string) => void finder.load(`${MESSAGES_PATH}?find=${encodeURIComponent(words)}`),
  );
  useEffect(() => {
    if (debounced) find(debounced);
  }, [debounced]);
  return {
    people: debounced ? (finder.data?.people ?? []) : [],
    searching: finder.state === "loading",
    searched: debounced !== "" && finder.data !== undefined,
  };
}

/** One person the search found: a row that chooses them (or not). */
function PersonOption({
  person,
  chosen,
  full,
  onToggle,
}: {
  person: Person;
  chosen: boolean;
  full: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onToggle}
      disabled={full && !chosen}
      aria-pressed={chosen}
      p={6}
      style={{ borderRadius: "var(--mantine-radius-sm)", opacity: full && !chosen ? 0.5 : 1 }}
      data-testid="person-option"
      data-user-id={person.userId}
    >
      <Group gap="sm" wrap="nowrap">
        <Checkbox checked={chosen} readOnly tabIndex={-1} aria-hidden />
        <PersonAvatar person={person} size={32} />
        <Text size="sm" truncate="end">
          <bdi>{person.name || t("messages.someone")}</bdi>
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * A new conversation: find people by name, choose one or more (a small group may be named), and
 * open it. A conversation with the same one person opens the one there is.
 */
export function NewMessage({
  onClose,
  policy,
  canManage,
}: {
  onClose: () => void;
  policy: DirectMessagePolicy;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const command = useMessageCommand();
  const refusal = useRefusal(command.answer);
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<Person[]>([]);
  const [title, setTitle] = useState("");
  const found = usePeopleFound(text);
  const full = chosen.length >= MAX_RECIPIENTS;
  const isChosen = (person: Person) => chosen.some((one) => one.userId === person.userId);
  const toggle = (person: Person) =>
    setChosen((now) =>
      isChosen(person) ? now.filter((one) => one.userId !== person.userId) : [...now, person],
    );

  const answer = command.answer;
  const open = useEffectEvent((id: string) => {
    void navigate(`${MESSAGES_PATH}?c=${id}`);
    onClose();
  });
  useEffect(() => {
    if (answer?.ok && answer.id) open(answer.id);
  }, [answer]);

  const rule =
    canManage || policy === "everyone"
      ? null
      : policy === "instructors"
        ? t("messages.start.onlyInstructors")
        : t("messages.start.off");

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("messages.start.title")}
      closeButtonProps={{ "aria-label": t("messages.close") }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen.length === 0) return;
          void command.send({
            intent: "start",
            userIds: chosen.map((person) => person.userId),
            title: chosen.length > 1 ? title : "",
          });
        }}
      >
        <Stack gap="sm">
          {rule ? (
            <Text size="sm" c="dimmed">
              {rule}
            </Text>
          ) : null}
          {chosen.length > 0 ? (
            <Group gap={6} wrap="wrap" data-testid="people-chosen">
              {chosen.map((person) => (
                <Pill
                  key={person.userId}
                  withRemoveButton
                  onRemove={() => toggle(person)}
                  removeButtonProps={{
                    "aria-label": t("messages.start.remove", { name: person.name }),
                  }}
                >
                  {person.name || t("messages.someone")}
                </Pill>
              ))}
            </Group>
          ) : null}
          <TextInput
            label={t("messages.start.find")}
            placeholder={t("messages.start.findHint")}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={found.searching ? <Loader size="xs" /> : null}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.currentTarget.value)}
            data-autofocus
            data-testid="people-search"
          />
          <Stack gap={2} mah={280} style={{ overflowY: "auto" }}>
            {found.people.map((person) => (
              <PersonOption
                key={person.userId}
                person={person}
                chosen={isChosen(person)}
                full={full}
                onToggle={() => toggle(person)}
              />
            ))}
            {found.searched && found.people.length === 0 && !found.searching ? (
              <Text size="sm" c="dimmed" data-testid="people-none">
                {t("messages.start.none")}
              </Text>
            ) : null}
          </Stack>
          {full ? (
            <Text size="xs" c="dimmed">
              {t("messages.start.max", {
                value: numberFormat(i18n.language).format(MAX_RECIPIENTS),
              })}
            </Text>
          ) : null}
          {chosen.length > 1 ? (
            <TextInput
              label={t("messages.start.groupTitle")}
              value={title}
              maxLength={120}
              onChange={(event) => setTitle(event.currentTarget.value)}
              data-testid="conversation-title"
            />
          ) : null}
          {refusal ? (
            <Text size="sm" c="red" role="alert">
              {refusal}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("messages.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={chosen.length === 0}
              loading={command.busy}
              data-testid="start-conversation"
            >
              {t("messages.start.go")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
