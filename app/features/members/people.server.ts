import { and, asc, eq, ilike, inArray, ne } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { Capability } from "./capabilities";
import { members, roles } from "./tables.server";

/** A member as community screens show them, with their role's capabilities (who may do what). */
export type Person = { userId: string; name: string; avatar: string | null; caps: Capability[] };

const personColumns = {
  userId: members.userId,
  name: members.name,
  avatar: members.avatar,
  caps: roles.caps,
};

/** These people of the account, by user id (the ones that are not members are left out). */
export async function peopleOf(
  tx: Tx,
  accountId: string,
  userIds: string[],
): Promise<Map<string, Person>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select(personColumns)
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(members.accountId, accountId), inArray(members.userId, unique)));
  return new Map(rows.map((row) => [row.userId, { ...row, caps: row.caps as Capability[] }]));
}

/** Members whose name holds `term` (the trigram index serves it), the viewer left out. */
export async function findPeople(
  tx: Tx,
  {
    accountId,
    term,
    except,
    limit,
  }: { accountId: string; term: string; except: string; limit: number },
): Promise<Person[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .select(personColumns)
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(
      and(
        eq(members.accountId, accountId),
        ne(members.userId, except),
        ilike(members.name, pattern),
      ),
    )
    .orderBy(asc(members.name))
    .limit(limit);
  return rows.map((row) => ({ ...row, caps: row.caps as Capability[] }));
}
