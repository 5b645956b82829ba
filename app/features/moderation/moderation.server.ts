// The moderation feature's server door (issue 35): members' reports, one queue for groups and messages.
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  createAccountNotification,
  siteLanguageOf,
} from "~/features/notifications/notifications.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import { escapeHtml } from "~/platform/mail/templates.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";
import type { OpenReport, ReportKind } from "./moderation";
import { contentReports } from "./tables.server";

export * from "./moderation";

/**
 * Files the reporter's report of one thing, once: a second report by the same person changes
 * nothing. Returns whether it was new (the caller tells the moderators only then).
 */
export async function fileReport(
  tx: Tx,
  report: {
    accountId: string;
    kind: ReportKind;
    targetId: string;
    groupId: string | null;
    reporterId: string;
    reason: string;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(contentReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  return rows.length > 0;
}

/** The open reports of a group (its moderators' queue), or of the site when `groupId` is omitted. */
export async function openReports(
  tx: Tx,
  {
    accountId,
    groupId,
    kinds,
  }: { accountId: string; groupId?: string | null; kinds?: ReportKind[] },
): Promise<OpenReport[]> {
  const where: SQL[] = [eq(contentReports.accountId, accountId), eq(contentReports.status, "open")];
  if (groupId !== undefined)
    where.push(
      groupId === null ? isNull(contentReports.groupId) : eq(contentReports.groupId, groupId),
    );
  if (kinds) where.push(inArray(contentReports.kind, kinds));
  const rows = await tx
    .select({
      kind: contentReports.kind,
      targetId: contentReports.targetId,
      count: sql<number>`count(*)::int`,
      reasons: sql<
        string[]
      >`(array_agg(${contentReports.reason} order by ${contentReports.createdAt} desc) filter (where ${contentReports.reason} <> ''))[1:3]`,
      lastAt: sql<string>`max(${contentReports.createdAt})`,
    })
    .from(contentReports)
    .where(and(...where))
    .groupBy(contentReports.kind, contentReports.targetId)
    .orderBy(desc(sql`max(${contentReports.createdAt})`))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    reasons: row.reasons ?? [],
    lastAt: new Date(row.lastAt).toISOString(),
  }));
}

/** Closes every open report of one thing: hidden (`resolved`) or judged fine (`dismissed`). */
export async function closeReports(
  tx: Tx,
  {
    accountId,
    kind,
    targetId,
    by,
    status,
  }: {
    accountId: string;
    kind: ReportKind;
    targetId: string;
    by: string;
    status: "resolved" | "dismissed";
  },
): Promise<number> {
  const rows = await tx
    .update(contentReports)
    .set({ status, resolvedBy: by, resolvedAt: new Date() })
    .where(
      and(
        eq(contentReports.accountId, accountId),
        eq(contentReports.kind, kind),
        eq(contentReports.targetId, targetId),
        eq(contentReports.status, "open"),
      ),
    )
    .returning({ id: contentReports.id });
  return rows.length;
}

/** Literal keys (the key trace finds them). */
const reportedKeys = {
  group: "community.notify.reportedPost",
  message: "community.notify.reportedMessage",
} as const;

/**
 * The site's managers hear of a new report in their bell, in the site's language, with the
 * start of what was reported (the group's queue, or the conversation, holds the rest).
 */
export async function tellManagersOfReport(
  services: { database: Database; pubsub: PubSub },
  {
    accountId,
    reporter,
    group = null,
    excerpt,
  }: { accountId: string; reporter: string; group?: string | null; excerpt: string },
) {
  const lang = await services.database.forAccount(accountId, (tx) => siteLanguageOf(tx, accountId));
  const said = textIn(lang, reportedKeys[group === null ? "message" : "group"])
    .replace("{{name}}", `<strong>${escapeHtml(reporter)}</strong>`)
    .replace("{{group}}", `<strong>${escapeHtml(group ?? "")}</strong>`);
  const quoted = escapeHtml(excerpt.replace(/\s+/g, " ").trim().slice(0, 200));
  await createAccountNotification(services, {
    accountId,
    input: { severity: 3, message: `${said}: “${quoted}”` },
  });
}
