import { Avatar, Group, Stack, Text, Tooltip, type MantineSize } from "@mantine/core";
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { avatarKey, avatarToShow, parseKnownAvatar, rememberAvatar } from "../avatar-cache";

export type AvatarVariant = "member" | "name" | "tooltip" | "avatar";

const sessionStore = () => (typeof sessionStorage === "undefined" ? null : sessionStorage);

// Every avatar of a person redraws when the session learns their picture is broken.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The picture of one person, remembered for the session under `type_userid` (D14): after a
 * failed load the initials show at once, without asking for the broken picture again. The
 * server and hydration draw the given picture; the session's record applies right after.
 */
function usePicture(given: string | null, userId: string | undefined, type: string) {
  const stored = useSyncExternalStore(
    subscribe,
    () => (userId ? (sessionStore()?.getItem(avatarKey(type, userId)) ?? null) : null),
    () => null,
  );
  const known = parseKnownAvatar(stored);
  const src = avatarToShow(given, known);
  useEffect(() => {
    const store = sessionStore();
    if (!store || !userId || given === null) return;
    // Read again: the hydration render saw the server's snapshot (nothing known), not the record.
    const current = parseKnownAvatar(store.getItem(avatarKey(type, userId)));
    if (current?.src !== given) rememberAvatar(store, type, userId, { src: given, failed: false });
  }, [given, userId, type]);
  const onError = () => {
    const store = sessionStore();
    if (!store || !userId || !src) return;
    rememberAvatar(store, type, userId, { src, failed: true });
    for (const listener of listeners) listener();
  };
  return { src, onError };
}

/**
 * The four ways a person is shown (spec §2): avatar and name (with an optional second line),
 * name only, avatar with the name in a tooltip, avatar only. A picture that fails to load falls
 * back to the person's initials.
 */
export function MemberAvatar({
  name,
  src,
  userId,
  type = "member",
  variant = "member",
  size = "md",
  filled = false,
  detail,
}: {
  name: string;
  src: string | null | undefined;
  /** With an id, what the session learned of this picture is kept under `type_userid`. */
  userId?: string;
  type?: string;
  variant?: AvatarVariant;
  size?: MantineSize | number;
  filled?: boolean;
  /** A second line under the name (member variant): an e-mail, a role. */
  detail?: ReactNode;
}) {
  const picture = usePicture(src ?? null, userId, type);
  // A picture that failed before hydration fired its error when nobody listened: the hydrated
  // image reports it (loaded, no width), so the initials show whichever came first.
  const [failed, setFailed] = useState<string | null>(null);
  const shown = picture.src && picture.src !== failed ? picture.src : null;
  const markFailed = () => {
    picture.onError();
    setFailed(shown);
  };
  const failedAlready = (img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && shown) markFailed();
  };
  if (variant === "name") return <Text span>{name}</Text>;
  const avatar = (
    <Avatar
      src={shown}
      name={name}
      color="initials"
      variant={filled ? "filled" : "light"}
      autoContrast
      size={size}
      alt={name}
      imageProps={{
        ref: failedAlready,
        onError: markFailed,
      }}
      data-avatar-user={userId}
    />
  );
  if (variant === "avatar") return avatar;
  if (variant === "tooltip") {
    return (
      <Tooltip label={name} withArrow>
        <span style={{ display: "inline-flex" }}>{avatar}</span>
      </Tooltip>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {avatar}
      {detail ? (
        <Stack gap={0} miw={0}>
          <Text span size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text span size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        </Stack>
      ) : (
        <Text span fw={500}>
          {name}
        </Text>
      )}
    </Group>
  );
}
