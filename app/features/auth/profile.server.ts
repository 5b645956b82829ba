import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { Auth } from "./auth.server";

export type SiteSession = {
  id: string;
  createdAt: string;
  userAgent: string | null;
  current: boolean;
};

/** The signed-in person's profile: who they are here, their second factor, their sessions on this site. */
export async function loadProfile({
  auth,
  headers,
  viewer,
  accountId,
}: {
  auth: Auth;
  headers: Headers;
  viewer: Viewer;
  accountId: string | null;
}) {
  const [current, sessions] = await Promise.all([
    auth.api.getSession({ headers }),
    auth.api.listSessions({ headers }),
  ]);
  if (!current) throw new AppError({ code: "not_authenticated" });
  return {
    user: viewer.user,
    membership: viewer.membership,
    twoFactorEnabled: Boolean(
      (current.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled,
    ),
    sessions: sessions
      .filter(
        (session) => ((session as { tenantId?: string | null }).tenantId ?? null) === accountId,
      )
      .map<SiteSession>((session) => ({
        id: session.id,
        createdAt: new Date(session.createdAt).toISOString(),
        userAgent: session.userAgent ?? null,
        current: session.id === current.session.id,
      })),
  };
}

/** Ends one of the person's sessions on this site (tokens never leave the server). */
export async function revokeSiteSession({
  auth,
  headers,
  sessionId,
}: {
  auth: Auth;
  headers: Headers;
  sessionId: string;
}) {
  const sessions = await auth.api.listSessions({ headers });
  const target = sessions.find((session) => session.id === sessionId);
  if (!target) throw new AppError({ code: "route.notFound" });
  await auth.api.revokeSession({ body: { token: target.token }, headers });
}
