import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { authAccounts, sessions, users } from "./tables.server";

/** Users are global and reached as the owner (the request role has no rights on them). */
export async function userExists(database: Database, email: string): Promise<boolean> {
  const [row] = await database.owner
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return Boolean(row);
}

export async function findUserByEmail(database: Database, email: string) {
  const [row] = await database.owner
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A person by address with their password hash (null without a password sign-in), or undefined. */
export async function findUserWithPassword(database: Database, email: string) {
  const [row] = await database.owner
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      hash: authAccounts.password,
    })
    .from(users)
    .leftJoin(
      authAccounts,
      and(eq(authAccounts.userId, users.id), eq(authAccounts.providerId, "credential")),
    )
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The tenant of sessions opened on the platform's own site. */
const onSite = (accountId: string | null) =>
  accountId ? eq(sessions.tenantId, accountId) : isNull(sessions.tenantId);

/** A person's live sessions on one site (never a token: the id names a session, it opens none). */
export async function listSessionsOnSite(
  database: Database,
  { userId, accountId }: { userId: string; accountId: string | null },
) {
  return database.owner
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), onSite(accountId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
}

/** Ends sessions of a person on one site: one by id, or all but `keepId`; how many ended. */
export async function deleteSessionsOnSite(
  database: Database,
  {
    userId,
    accountId,
    sessionId,
    keepId,
  }: { userId: string; accountId: string | null; sessionId?: string; keepId?: string },
): Promise<number> {
  const ended = await database.owner
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        onSite(accountId),
        sessionId === undefined ? undefined : eq(sessions.id, sessionId),
        keepId === undefined ? undefined : ne(sessions.id, keepId),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
