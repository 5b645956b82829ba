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

/** better-auth's session cookies (`lyceum.session_token`, its cache and "don't remember" mark). */
const sessionCookieName = /^(__Secure-)?lyceum\.(session_token|session_data|dont_remember)$/;

/**
 * The headers without any session cookie, or null when there was none to take off: a
 * request whose cookie is not a session of this site goes on as a signed-out one.
 */
export function withoutSessionCookies(headers: Headers): Headers | null {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  const pairs = cookie.split(";").map((pair) => pair.trim());
  const kept = pairs.filter((pair) => !sessionCookieName.test(pair.split("=")[0] ?? ""));
  if (kept.length === pairs.length) return null;
  const copy = new Headers(headers);
  if (kept.length) copy.set("cookie", kept.join("; "));
  else copy.delete("cookie");
  return copy;
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
  // Reading only: a session presented on a site it does not belong to must not be extended
  // there. The site's own page keeper (get-session) refreshes it at home.
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
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
    // Only on the platform's own host (decision 037): on a site a super-admin is exactly what
    // their membership there makes them, since the site's owner controls what runs there.
    isSuperAdmin: accountId === null && superAdminEmails.includes(user.email.toLowerCase()),
  };
  return { viewer, sessionId: session.id };
}
