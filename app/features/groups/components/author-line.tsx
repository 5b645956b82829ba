import { Avatar, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PostAuthor } from "../group-shapes";

/** Who wrote something: their picture (or initials) and name, and what follows it (a date). */
export function AuthorLine({
  author,
  size = 36,
  children,
}: {
  author: PostAuthor;
  size?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  // Someone no longer a member of the site keeps their posts, without a name.
  const name = author.name || t("groups.post.someone");
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={author.avatar} name={name} color="initials" size={size} alt="" />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end" data-testid="author-name">
          <bdi>{name}</bdi>
        </Text>
        {children}
      </div>
    </Group>
  );
}
