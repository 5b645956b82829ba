import { and, eq } from "drizzle-orm";
import type { Database } from "~/platform/db/database.server";
import { authAccounts, users } from "./tables.server";

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
