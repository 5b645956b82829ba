import type { Viewer } from "~/features/members/members.server";
import { loadMembership, syncMemberEmail } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { safeUrl } from "~/platform/safe-values";
import type { AuthRegistry } from "./auth.server";

/** Absolute session lifetime: however active, a session ends 30 days after sign-in. */
const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export function hasSessionCookie(headers: Headers): boolean {
  return /lyceum\.session_token=/.test(headers.get("cookie") ?? "");
}

type ResolveArgs = {
  auth: AuthRegistry;
  database: Database;
  origin: string;
  headers: Headers;
  accountId: string | null;
  superAdminEmails: string[];
};

/**
 * The viewer of a request: its session must exist, be younger than the absolute lifetime and
 * belong to this site (sessions are bound to the account they were opened on).
 */
export async function resolveViewer(args: ResolveArgs): Promise<Viewer | null> {
  return (await resolveViewerSession(args))?.viewer ?? null;
}

/** The same, with the session's id (the realtime socket remembers which session it serves). */
export async function resolveViewerSession({
  auth: registry,
  database,
  origin,
  headers,
  accountId,
  superAdminEmails,
}: ResolveArgs): Promise<{ viewer: Viewer; sessionId: string } | null> {
  if (!hasSessionCookie(headers)) return null;
  const auth = registry.forOrigin(origin);
  const found = await auth.api.getSession({ headers });
  if (!found) return null;
  const { session, user } = found;
  if ((session.tenantId ?? null) !== accountId) return null;
  if (Date.now() - new Date(session.createdAt).getTime() > ABSOLUTE_LIFETIME_MS) {
    await auth.api
      .revokeSession({ body: { token: session.token }, headers })
      .catch(() => undefined);
    return null;
  }
  let membership = accountId
    ? await loadMembership(database, { accountId, userId: user.id })
    : null;
  if (accountId && membership && membership.email !== user.email) {
    await syncMemberEmail(database, { accountId, userId: user.id, email: user.email });
    membership = { ...membership, email: user.email };
  }
  const viewer: Viewer = {
    // The picture a person set for themselves reaches pages as src: a safe address or none.
    user: { id: user.id, name: user.name, email: user.email, image: safeUrl(user.image) },
    membership,
    isSuperAdmin: superAdminEmails.includes(user.email.toLowerCase()),
  };
  return { viewer, sessionId: session.id };
}
