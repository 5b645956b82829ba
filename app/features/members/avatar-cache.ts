/**
 * D14 (spec §6): what this browser session learned of a person's picture, kept in session
 * storage under `type_userid` (`member_…`). A picture that failed to load is not asked for
 * again this session, and a screen that has only the person's id still shows their picture.
 */
export type KnownAvatar = { src: string | null; failed: boolean };

type SessionStore = Pick<Storage, "getItem" | "setItem">;

export const avatarKey = (type: string, userId: string) => `${type}_${userId}`;

/** A stored record, or null for none or one another script wrote. */
export function parseKnownAvatar(stored: string | null): KnownAvatar | null {
  try {
    const value: unknown = JSON.parse(stored ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { src, failed } = value as Record<string, unknown>;
    if ((typeof src !== "string" && src !== null) || typeof failed !== "boolean") return null;
    return { src, failed };
  } catch {
    return null;
  }
}

export function rememberAvatar(
  store: SessionStore,
  type: string,
  userId: string,
  known: KnownAvatar,
): void {
  try {
    store.setItem(avatarKey(type, userId), JSON.stringify(known));
  } catch {
    // Storage full or refused (private mode): the picture still shows, it is only not remembered.
  }
}

/**
 * The picture to draw: none when this one failed before this session, the remembered one when
 * the screen has none.
 */
export function avatarToShow(given: string | null, known: KnownAvatar | null): string | null {
  if (!known) return given;
  if (given === null) return known.failed ? null : known.src;
  return known.failed && known.src === given ? null : given;
}
