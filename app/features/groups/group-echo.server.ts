import { and, eq, inArray } from "drizzle-orm";
import type { Capability } from "~/features/members/members";
import { members, roles } from "~/features/members/tables.server";
import {
  announceMemberNotification,
  siteLanguageOf,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import { publishGroupSignal } from "~/features/realtime/realtime.server";
import type { Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import { escapeHtml } from "~/platform/mail/templates.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { rightsIn, type GroupRow } from "./group-access.server";
import type { Place } from "./group-records.server";
import { GROUPS_PATH } from "./group-shapes";
import { groupMembers } from "./tables.server";

/**
 * What a group command leaves to be told once it commits (decision 064): the members it
 * notified (mentions, a comment on their post) and the group whose open pages fetch again.
 */
export type Told = {
  notified: Awaited<ReturnType<typeof storeMemberNotification>>[];
  changed: { groupId: string; kind: "post" | "comment" | "moderated" } | null;
  /** A new report, for the site's managers' bell. */
  reported?: { group: string; excerpt: string };
};

export const nothingTold = (): Told => ({ notified: [], changed: null });

/** How many people one post or comment may mention: a greeting, not a mailing. */
export const MENTIONS_MAX = 10;

/**
 * `@member-slug` mentions in a text (a member's address name on the site), each once. An
 * e-mail address (`ann@example.com`) is no mention: the `@` must start a word.
 */
export function mentionedSlugs(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![\w@.])@([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)\b/gi)) {
    found.add(match[1]!.toLowerCase());
    if (found.size === MENTIONS_MAX) break;
  }
  return [...found];
}

/**
 * The people named who may read the group (a private group's posts never leave it, not even
 * by a mention), the writer left out.
 */
async function readersNamed(
  tx: Tx,
  {
    accountId,
    group,
    slugs,
    except,
  }: { accountId: string; group: GroupRow; slugs: string[]; except: string },
): Promise<string[]> {
  if (slugs.length === 0) return [];
  const named = await tx
    .select({ userId: members.userId, caps: roles.caps })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(members.accountId, accountId), inArray(members.slug, slugs)));
  const others = named.filter((person) => person.userId !== except);
  if (others.length === 0) return [];
  const standings = await tx
    .select({ userId: groupMembers.userId, status: groupMembers.status, role: groupMembers.role })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.accountId, accountId),
        eq(groupMembers.groupId, group.id),
        inArray(
          groupMembers.userId,
          others.map((person) => person.userId),
        ),
      ),
    );
  return others
    .filter((person) => {
      const standing = standings.find((row) => row.userId === person.userId) ?? null;
      const reader = {
        user: { id: person.userId, name: "", email: "", image: null },
        membership: {
          memberId: "",
          accountId,
          name: "",
          slug: "",
          email: "",
          avatar: null,
          role: "",
          caps: person.caps as Capability[],
        },
        isSuperAdmin: false,
      };
      return rightsIn(group, reader, standing).read;
    })
    .map((person) => person.userId);
}

type Notice = "mentionedPost" | "mentionedComment" | "commented" | "replied";

/** Literal keys (the key trace finds them). */
const noticeKeys: Record<Notice, string> = {
  mentionedPost: "community.notify.mentionedPost",
  mentionedComment: "community.notify.mentionedComment",
  commented: "community.notify.commented",
  replied: "community.notify.replied",
};

/**
 * Tells the people a post or comment names, and the one it answers (the post's author, or the
 * comment's it replies to), each once, in the site's language.
 */
export async function tellOfWriting(
  tx: Tx,
  { accountId, viewer }: Place,
  told: Told,
  {
    group,
    postId,
    text,
    answered,
    comment,
  }: {
    group: GroupRow;
    postId: string;
    /** The text as kept (plain). */
    text: string;
    /** Whose post or comment this answers, and which. */
    answered: { userId: string; notice: "commented" | "replied" } | null;
    comment: boolean;
  },
) {
  if (!viewer) return;
  const me = viewer.user.id;
  const mentioned = await readersNamed(tx, {
    accountId,
    group,
    slugs: mentionedSlugs(text),
    except: me,
  });
  const lang = await siteLanguageOf(tx, accountId);
  const name = escapeHtml(viewer.membership?.name ?? viewer.user.name);
  const excerpt = text.replace(/\s+/g, " ").trim().slice(0, 140);
  const url = `${GROUPS_PATH}/${group.slug}#post-${postId}`;
  const notices = new Map<string, Notice>();
  for (const userId of mentioned)
    notices.set(userId, comment ? "mentionedComment" : "mentionedPost");
  if (answered && answered.userId !== me && !notices.has(answered.userId))
    notices.set(answered.userId, answered.notice);
  for (const [userId, notice] of notices) {
    const message = textIn(lang, noticeKeys[notice])
      .replace("{{name}}", `<strong>${name}</strong>`)
      .replace("{{group}}", `<strong>${escapeHtml(group.name)}</strong>`);
    told.notified.push(
      await storeMemberNotification(tx, {
        accountId,
        input: { userId, type: "other", message, data: { user_id: me, message: excerpt, url } },
      }),
    );
  }
}

/** After the commit: the bells of the people told, and every open page of the group. */
export async function announceTold(
  pubsub: PubSub,
  { accountId, told }: { accountId: string; told: Told },
) {
  for (const stored of told.notified)
    await announceMemberNotification(pubsub, { accountId, stored });
  if (told.changed) await publishGroupSignal(pubsub, { accountId, signal: told.changed });
}
