import type { Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Auth } from "./auth.server";
import { deleteSessionsOnSite, listSessionsOnSite } from "./queries.server";

/** A session as a person sees it in their list: device, place and time; the id opens nothing. */
export type SiteSession = {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  userAgent: string | null;
  /** The network it was opened from, coarsened (a /24 or /48): where, not who. */
  place: string | null;
  current: boolean;
};

/** An address as a network: enough to recognise "home" or "office", not to find a device. */
export function coarsePlace(ip: string | null): string | null {
  if (!ip || ip === "unknown") return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(":")) return null;
  const [head = "", tail] = ip.split("::");
  const written = head.split(":").filter(Boolean);
  const groups = tail === undefined ? written : [...written, ...Array(8).fill("0")].slice(0, 8);
  const compact = groups.map((group) => parseInt(group, 16).toString(16));
  if (compact.join(":") === "0:0:0:0:0:0:0:1" || ip === "::1") return "::1";
  const prefix = compact.slice(0, 3);
  return prefix.every((group) => group === "0") ? "::/48" : `${prefix.join(":")}::/48`;
}

type SiteAsk = { database: Database; viewer: Viewer; accountId: string | null };

/** The person's live sessions on this site only, newest first. */
export async function listSiteSessions({
  database,
  viewer,
  accountId,
  currentSessionId,
}: SiteAsk & { currentSessionId: string | null }): Promise<SiteSession[]> {
  const rows = await listSessionsOnSite(database, { userId: viewer.user.id, accountId });
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    userAgent: row.userAgent ?? null,
    place: coarsePlace(row.ipAddress),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the person's sessions on this site; another site's session is "not found". */
export async function revokeSiteSession({
  database,
  viewer,
  accountId,
  sessionId,
}: SiteAsk & { sessionId: string }): Promise<void> {
  const ended = await deleteSessionsOnSite(database, {
    userId: viewer.user.id,
    accountId,
    sessionId,
  });
  if (ended === 0) throw new AppError({ code: "route.notFound" });
}

/** "Sign out everywhere else": every other session of the person on this site. */
export async function revokeOtherSiteSessions({
  database,
  viewer,
  accountId,
  currentSessionId,
}: SiteAsk & { currentSessionId: string }): Promise<number> {
  return deleteSessionsOnSite(database, {
    userId: viewer.user.id,
    accountId,
    keepId: currentSessionId,
  });
}

/** The signed-in person's profile: who they are here, their second factor, their sessions here. */
export async function loadProfile({
  auth,
  database,
  headers,
  viewer,
  accountId,
}: {
  auth: Auth;
  database: Database;
  headers: Headers;
  viewer: Viewer;
  accountId: string | null;
}) {
  const current = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!current) throw new AppError({ code: "not_authenticated" });
  return {
    user: viewer.user,
    membership: viewer.membership,
    twoFactorEnabled: Boolean(
      (current.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled,
    ),
    sessions: await listSiteSessions({
      database,
      viewer,
      accountId,
      currentSessionId: current.session.id,
    }),
  };
}
