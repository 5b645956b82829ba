import { eq } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { can, requireSiteManager, type Viewer } from "~/features/members/members.server";
import { publishNotificationSignal, type Audience } from "~/features/realtime/realtime.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import { sanitizeUserHtml } from "~/platform/sanitize.server";
import {
  countUnreadAccountNotifications,
  countUnreadMemberNotifications,
  insertAccountNotification,
  insertMemberNotification,
  markAccountNotificationRead,
  markAllAccountNotificationsRead,
  markAllMemberNotificationsRead,
  markMemberNotificationRead,
  selectAccountNotifications,
  selectMemberNotifications,
} from "./queries.server";
import {
  accountNotificationInputSchema,
  memberNotificationInputSchema,
  UNREAD_LIST_LIMIT,
  type AccountNotificationInput,
  type HistoryQuery,
  type MarkAllReadInput,
  type MarkReadInput,
  type MemberNotificationInput,
  type NotificationItem,
  type NotificationHistory,
  type NotificationSource,
  type NotificationType,
  type Severity,
  type UnreadNotifications,
  type UnreadQuery,
} from "./validation";

export type NotificationServices = { database: Database; pubsub: PubSub };

/** The site's own language: notifications are written once, for whoever reads them. */
export async function siteLanguageOf(tx: Tx, accountId: string): Promise<LanguageCode> {
  const [account] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  return account?.settings.defaultLanguage ?? "en";
}

/**
 * Account notifications are messages to the site's managers: members with manage_options, and
 * super-admins on the site (docs/decisions/014). Everyone else sees only their own.
 */
export function seesAccountNotifications(viewer: Viewer): boolean {
  return viewer.isSuperAdmin || can(viewer, "manage_options");
}

type Reader = { accountId: string; userId: string; manager: boolean };

/** A signed-in person on the site's own host (sessions are bound to their site). */
function readerOf(viewer: Viewer | null, hostAccountId: string | null): Reader {
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  if (!viewer) throw new AppError({ code: "not_authenticated" });
  if (!viewer.membership && !viewer.isSuperAdmin) throw new AppError({ code: "auth.forbidden" });
  return {
    accountId: hostAccountId,
    userId: viewer.user.id,
    manager: seesAccountNotifications(viewer),
  };
}

/** Stored HTML is clean already; cleaning it again on the way out is the second fence. */
function accountItem(row: Awaited<ReturnType<typeof selectAccountNotifications>>[number]) {
  return {
    id: row.id,
    source: "account",
    type: "other",
    message: sanitizeUserHtml(row.message),
    severity: row.severity as Severity,
    read: row.read,
    data: null,
    createdAt: row.createdAt,
  } satisfies NotificationItem;
}

function memberItem(row: Awaited<ReturnType<typeof selectMemberNotifications>>[number]) {
  return {
    id: row.id,
    source: "member",
    type: row.type,
    message: sanitizeUserHtml(row.message),
    severity: null,
    read: row.read,
    data: row.data,
    createdAt: row.createdAt,
  } satisfies NotificationItem;
}

const newestFirst = (a: NotificationItem, b: NotificationItem) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

async function readItems(
  tx: Tx,
  reader: Reader,
  {
    unreadOnly,
    type,
    before,
    limit,
  }: { unreadOnly: boolean; type?: NotificationType; before?: string; limit: number },
): Promise<NotificationItem[]> {
  const { accountId, userId } = reader;
  const own = await selectMemberNotifications(tx, {
    accountId,
    userId,
    unreadOnly,
    type,
    before,
    limit,
  });
  const items: NotificationItem[] = own.map(memberItem);
  if (reader.manager && type !== "chat") {
    const shared = await selectAccountNotifications(tx, { accountId, unreadOnly, before, limit });
    items.push(...shared.map(accountItem));
  }
  return items.sort(newestFirst).slice(0, limit);
}

/** D11: the unread notifications (of one bell or both) and the badge counts. */
export async function listUnread(
  database: Database,
  {
    viewer,
    hostAccountId,
    query,
  }: { viewer: Viewer | null; hostAccountId: string | null; query: UnreadQuery },
): Promise<UnreadNotifications> {
  const reader = readerOf(viewer, hostAccountId);
  return database.forAccount(reader.accountId, async (tx) => {
    const type = query.type === "all" ? undefined : query.type;
    const items = await readItems(tx, reader, { unreadOnly: true, type, limit: UNREAD_LIST_LIMIT });
    const own = await countUnreadMemberNotifications(tx, reader);
    const shared = reader.manager ? await countUnreadAccountNotifications(tx, reader.accountId) : 0;
    const other = own.other + shared;
    return { items, unread: { total: own.chat + other, chat: own.chat, other } };
  });
}

/** D11 history page: read and unread, newest first, a page at a time. */
export async function listHistory(
  database: Database,
  {
    viewer,
    hostAccountId,
    query,
  }: { viewer: Viewer | null; hostAccountId: string | null; query: HistoryQuery },
): Promise<NotificationHistory> {
  const reader = readerOf(viewer, hostAccountId);
  const items = await database.forAccount(reader.accountId, (tx) =>
    readItems(tx, reader, { unreadOnly: false, before: query.before, limit: query.limit }),
  );
  return {
    items,
    nextBefore: items.length === query.limit ? items[items.length - 1]!.createdAt : null,
  };
}

function audienceOf(source: NotificationSource, userId: string): Audience {
  return source === "account" ? { managers: true } : { userIds: [userId] };
}

/** D11: a click marks one notification read; the person's other tabs (and managers) refresh. */
export async function markRead(
  { database, pubsub }: NotificationServices,
  {
    viewer,
    hostAccountId,
    input,
  }: { viewer: Viewer | null; hostAccountId: string | null; input: MarkReadInput },
): Promise<void> {
  const reader = readerOf(viewer, hostAccountId);
  if (input.source === "account" && !reader.manager) throw new AppError({ code: "auth.forbidden" });
  const type = await database.forAccount(reader.accountId, async (tx) => {
    if (input.source === "member")
      return markMemberNotificationRead(tx, { ...reader, id: input.id });
    const found = await markAccountNotificationRead(tx, {
      accountId: reader.accountId,
      id: input.id,
    });
    return found ? "other" : null;
  });
  if (!type) throw new AppError({ code: "notifications.notFound" });
  await publishNotificationSignal(pubsub, {
    accountId: reader.accountId,
    audience: audienceOf(input.source, reader.userId),
    signal: { source: input.source, type, id: input.id },
  });
}

/**
 * D11: every unread notification of a type becomes read (opening the chat list does it for
 * `chat`). For `other`, a manager also clears the account's notifications. Returns how many.
 */
export async function markAllRead(
  { database, pubsub }: NotificationServices,
  {
    viewer,
    hostAccountId,
    input,
  }: { viewer: Viewer | null; hostAccountId: string | null; input: MarkAllReadInput },
): Promise<number> {
  const reader = readerOf(viewer, hostAccountId);
  const changed = await database.forAccount(reader.accountId, async (tx) => {
    let count = await markAllMemberNotificationsRead(tx, { ...reader, type: input.type });
    if (input.type === "other" && reader.manager)
      count += await markAllAccountNotificationsRead(tx, reader.accountId);
    return count;
  });
  if (changed > 0) {
    const managers = input.type === "other" && reader.manager;
    await publishNotificationSignal(pubsub, {
      accountId: reader.accountId,
      audience: { userIds: [reader.userId], managers },
      signal: { source: managers ? "account" : "member", type: input.type, id: "*" },
    });
  }
  return changed;
}

/** Sanitised, and still saying something afterwards. */
function cleanMessage(html: string): string {
  const clean = sanitizeUserHtml(html).trim();
  if (!clean) throw new AppError({ code: "request.invalid", details: [{ path: "message" }] });
  return clean;
}

/**
 * D11: a notification to an account's managers, stored and announced on every instance. For
 * the platform and other features (no viewer check here: callers decide who may).
 */
export async function createAccountNotification(
  { database, pubsub }: NotificationServices,
  { accountId, input }: { accountId: string; input: AccountNotificationInput },
): Promise<NotificationItem> {
  const { message, severity } = accountNotificationInputSchema.parse(input);
  const clean = cleanMessage(message);
  const row = await database.forAccount(accountId, (tx) =>
    insertAccountNotification(tx, { accountId, message: clean, severity }),
  );
  await publishNotificationSignal(pubsub, {
    accountId,
    audience: { managers: true },
    signal: { source: "account", type: "other", id: row.id },
  });
  return accountItem(row);
}

/** Managers (manage_options) of the host's account and super-admins may post to its managers. */
export function mayPostAccountNotification(viewer: Viewer | null, hostAccountId: string | null) {
  if (!hostAccountId) throw new AppError({ code: "route.notFound" });
  requireSiteManager(viewer, { accountId: hostAccountId, hostAccountId });
}

/** POST /api/notifications/account: the site's managers and super-admins post to the managers. */
export async function postAccountNotification(
  services: NotificationServices,
  {
    viewer,
    hostAccountId,
    input,
  }: { viewer: Viewer | null; hostAccountId: string | null; input: AccountNotificationInput },
): Promise<NotificationItem> {
  mayPostAccountNotification(viewer, hostAccountId);
  return createAccountNotification(services, { accountId: hostAccountId!, input });
}

/**
 * D11: a notification for one member (chat message or other), stored and announced to their
 * open pages. For other features (chat, courses); the recipient must be a member.
 */
export async function notifyMember(
  { database, pubsub }: NotificationServices,
  { accountId, input }: { accountId: string; input: MemberNotificationInput },
): Promise<string> {
  const { userId, type, message, data } = memberNotificationInputSchema.parse(input);
  const clean = cleanMessage(message);
  const id = await database
    .forAccount(accountId, (tx) =>
      insertMemberNotification(tx, { accountId, userId, type, message: clean, data }),
    )
    .catch((error: { code?: string; cause?: { code?: string } }) => {
      // 23503: no such member of this account.
      if ((error.code ?? error.cause?.code) === "23503")
        throw new AppError({ code: "request.invalid", details: [{ path: "userId" }] });
      throw error;
    });
  await publishNotificationSignal(pubsub, {
    accountId,
    audience: { userIds: [userId] },
    signal: { source: "member", type, id },
  });
  return id;
}

/**
 * A member's notification written inside the caller's transaction (an automation's step, whose
 * effect commits with its history); `announceMemberNotification` tells their pages once it has.
 */
export async function storeMemberNotification(
  tx: Tx,
  { accountId, input }: { accountId: string; input: MemberNotificationInput },
): Promise<{ id: string; userId: string; type: MemberNotificationInput["type"] }> {
  const { userId, type, message, data } = memberNotificationInputSchema.parse(input);
  const id = await insertMemberNotification(tx, {
    accountId,
    userId,
    type,
    message: cleanMessage(message),
    data,
  });
  return { id, userId, type };
}

export async function announceMemberNotification(
  pubsub: PubSub,
  {
    accountId,
    stored,
  }: { accountId: string; stored: Awaited<ReturnType<typeof storeMemberNotification>> },
) {
  await publishNotificationSignal(pubsub, {
    accountId,
    audience: { userIds: [stored.userId] },
    signal: { source: "member", type: stored.type, id: stored.id },
  });
}
