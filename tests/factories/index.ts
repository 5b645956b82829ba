import { recordRevision } from "~/features/content/content.server";
/**
 * The tests' factories (the rows the demo seed writes too live in scripts/demo-rows and are
 * re-exported here). Each writes through the same unit of work as a request (app role, one
 * account), so what they create obeys row-level security too.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { users } from "~/features/auth/tables.server";
import { joinAccount, type Viewer } from "~/features/members/members.server";
import type { Account } from "~/features/accounts/accounts.server";
import { createAccount as createAccountWithRoles } from "~/features/sign-up/sign-up.server";
import type { AccountSettings } from "~/features/accounts/validation";
import { writeOption } from "~/features/options/queries.server";
import type { OptionKey } from "~/features/options/options";
import { postComments } from "~/features/comments/tables.server";
import type { Database } from "~/platform/db/database.server";
import {
  insertCourse,
  insertPage,
  insertPost,
  insertUserWithPasswordHash,
  unique,
  type NewCourse,
  type NewPage,
  type NewPost,
} from "../../scripts/demo-rows/content-rows";

export { insertCourse, insertPage, insertPost, insertUserWithPasswordHash, unique };

export async function createAccount(
  database: Database,
  {
    slug = unique("acct"),
    domain = null,
    settings = {},
  }: {
    slug?: string;
    domain?: string | null;
    settings?: AccountSettings;
  } = {},
): Promise<Account> {
  return createAccountWithRoles(database, {
    slug,
    domain,
    settings: { sitetitle: slug, ...settings },
  });
}

export async function setOption(
  database: Database,
  { accountId, key, value }: { accountId: string; key: OptionKey; value: unknown },
): Promise<void> {
  await database.forAccount(accountId, (tx) => writeOption(tx, { accountId, key, value }));
}

/**
 * `count` posts in one `INSERT … SELECT generate_series` (thousands in a second): slugs
 * `${prefix}-1` …, titles `${title} 1` …. Post n is published `floor((n - 1) / sameDateEvery)`
 * minutes before `newest`, so with `sameDateEvery` > 1 several posts share a date and only
 * their ids order them. Drafts get no date.
 */
export async function createPostsInBulk(
  database: Database,
  {
    accountId,
    count,
    prefix = "bulk",
    title = "Bulk post",
    status = "published",
    sameDateEvery = 1,
    newest = new Date(),
  }: {
    accountId: string;
    count: number;
    prefix?: string;
    title?: string;
    status?: "draft" | "published";
    sameDateEvery?: number;
    newest?: Date;
  },
): Promise<void> {
  const publishedAt =
    status === "published"
      ? sql`${newest.toISOString()}::timestamptz - make_interval(mins => ((n - 1) / ${sameDateEvery}::int)::int)`
      : sql`null`;
  await database.forAccount(accountId, (tx) =>
    tx.execute(sql`
      insert into posts (account_id, title, slug, status, published_at)
      select ${accountId}::uuid, ${title} || ' ' || n, ${prefix} || '-' || n, ${status}, ${publishedAt}
        from generate_series(1, ${count}::int) as n`),
  );
}

export function createPost(database: Database, values: NewPost) {
  return database.forAccount(values.accountId, (tx) => insertPost(tx, values));
}

export function createPage(database: Database, values: NewPage) {
  return database.forAccount(values.accountId, (tx) => insertPage(tx, values));
}

export function createCourse(database: Database, values: NewCourse) {
  return database.forAccount(values.accountId, (tx) => insertCourse(tx, values));
}

/** A person (global user row), written as the owner the way better-auth would. */
export async function createUser(
  database: Database,
  { email = `${unique("user")}@example.test`, name = "Test Person", emailVerified = true } = {},
) {
  const [row] = await database.owner
    .insert(users)
    .values({ id: randomUUID(), email, name, emailVerified })
    .returning();
  return row!;
}

/** A member of an account with a role by name (default role when omitted). */
export async function createMember(
  database: Database,
  {
    accountId,
    roleName,
    user,
  }: { accountId: string; roleName?: string; user?: { id: string; name: string; email: string } },
) {
  const person = user ?? (await createUser(database));
  const membership = await joinAccount(database, { accountId, user: person, roleName });
  return { user: person, membership };
}

/**
 * A viewer as the server builds one, holding exactly `caps` (tests of capability checks): no
 * caps makes them a student.
 */
export function viewerWith(user: { id: string; name: string; email: string }, caps: string[]) {
  return {
    user: { ...user, image: null },
    membership: { role: caps.length ? "x" : "student", caps },
    isSuperAdmin: false,
  } as unknown as Viewer;
}

/** A new member of `accountId` with a role by name, as a viewer holding exactly `caps`. */
export async function memberViewer(
  database: Database,
  { accountId, roleName, caps }: { accountId: string; roleName: string; caps: string[] },
): Promise<Viewer> {
  const { user, membership } = await createMember(database, { accountId, roleName });
  return {
    user: { ...user, image: null },
    membership: { ...membership, caps },
    isSuperAdmin: false,
  } as Viewer;
}

/** A verified person with a password, as if they had signed up (better-auth's own hash). */
export async function createUserWithPassword(
  database: Database,
  { email, name = "Test Person", password }: { email: string; name?: string; password: string },
) {
  const passwordHash = await hashPassword(password);
  // One transaction: a person is never left without the credential they sign in with.
  return database.owner.transaction((tx) =>
    insertUserWithPasswordHash(tx, { email, name, passwordHash }),
  );
}

/** A revision of some item (content's revisions table), for the isolation matrix. */
export function createRevision(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, (tx) =>
    recordRevision(tx, {
      accountId,
      itemKind: "post",
      itemId: crypto.randomUUID(),
      version: 1,
      author: null,
      snapshot: { title: "A revision" },
    }),
  );
}

/** A post with one approved comment and a reply (post_comments), for the isolation matrix. */
export async function createComment(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, async (tx) => {
    const post = await insertPost(tx, { accountId });
    const author = { accountId, postId: post.id, authorId: randomUUID(), authorName: "Ada" };
    const [comment] = await tx
      .insert(postComments)
      .values({ ...author, body: "A comment", status: "approved" })
      .returning();
    await tx.insert(postComments).values({ ...author, parentId: comment!.id, body: "A reply" });
    return comment!;
  });
}
