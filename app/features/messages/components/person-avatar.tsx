import { Avatar, Indicator, VisuallyHidden } from "@mantine/core";
import { MemberAvatar } from "~/features/members/members";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { Person } from "../message-shapes";
import { useOnline } from "./message-words";

/** A person's face, with a green dot while they are online. */
export function PersonAvatar({ person, size = 36 }: { person: Person; size?: number }) {
  const { t } = useTranslation();
  const online = useOnline()(person.userId);
  const name = person.name || t("messages.someone");
  return (
    <Indicator
      color="green"
      size={Math.max(8, Math.round(size / 4))}
      offset={Math.round(size / 8)}
      position="bottom-end"
      withBorder
      disabled={!online}
      data-online={online ? "true" : "false"}
    >
      <MemberAvatar
        variant="avatar"
        userId={person.userId}
        name={name}
        src={person.avatar}
        size={size}
      />
      {online ? <VisuallyHidden>{t("messages.online")}</VisuallyHidden> : null}
    </Indicator>
  );
}

/** A conversation's faces: the other person's, or the first two of a group and how many more. */
export function ConversationFaces({ others, size = 40 }: { others: Person[]; size?: number }) {
  const { t } = useTranslation();
  if (others.length <= 1) {
    const person = others[0] ?? { userId: "", name: t("messages.someone"), avatar: null };
    return <PersonAvatar person={person} size={size} />;
  }
  const small = Math.round(size * 0.75);
  return (
    <Avatar.Group spacing={Math.round(small / 4)}>
      {others.slice(0, 2).map((person) => (
        <MemberAvatar
          key={person.userId}
          variant="avatar"
          userId={person.userId}
          name={person.name || t("messages.someone")}
          src={person.avatar}
          size={small}
        />
      ))}
      {others.length > 2 ? <Avatar size={small}>+{others.length - 2}</Avatar> : null}
    </Avatar.Group>
  );
}
