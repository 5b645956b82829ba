import { Avatar, Group, Text, Tooltip, type MantineSize } from "@mantine/core";

export type AvatarVariant = "member" | "name" | "tooltip" | "avatar";

/**
 * The four ways a person is shown (spec §2): avatar and name, name only, avatar with the name in
 * a tooltip, avatar only. A picture that fails to load falls back to the person's initials.
 */
export function MemberAvatar({
  name,
  src,
  variant = "member",
  size = "md",
}: {
  name: string;
  src: string | null | undefined;
  variant?: AvatarVariant;
  size?: MantineSize | number;
}) {
  const avatar = <Avatar src={src ?? null} name={name} color="initials" size={size} alt={name} />;
  if (variant === "name") return <Text span>{name}</Text>;
  if (variant === "avatar") return avatar;
  if (variant === "tooltip") {
    return (
      <Tooltip label={name} withArrow>
        <span style={{ display: "inline-flex" }}>{avatar}</span>
      </Tooltip>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {avatar}
      <Text span fw={500}>
        {name}
      </Text>
    </Group>
  );
}
