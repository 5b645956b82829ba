/**
 * Factories shared by the tests and the demo seed. Each writes through the same unit of work as
 * a request (app role, one account), so what they create obeys row-level security too.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { authAccounts, users } from "~/features/auth/tables.server";
import { joinAccount } from "~/features/members/members.server";
import {
  createAccount as createAccountWithRoles,
  type Account,
} from "~/features/accounts/accounts.server";
import type { AccountSettings } from "~/features/accounts/validation";
import { courses, lessons } from "~/features/courses/tables.server";
import { writeOption } from "~/features/options/queries.server";
import type { OptionKey } from "~/features/options/validation";
import { pages } from "~/features/pages/tables.server";
import type { PageData } from "~/features/pages/validation";
import { posts } from "~/features/posts/tables.server";
import type { Database } from "~/platform/db/database.server";

let counter = 0;
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

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

export async function createPost(
  database: Database,
  {
    accountId,
    ...values
  }: { accountId: string } & Partial<Omit<typeof posts.$inferInsert, "accountId">>,
) {
  const title = values.title ?? unique("Post");
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .insert(posts)
      .values({
        accountId,
        title,
        slug: values.slug ?? unique("post"),
        status: "published",
        publishedAt: new Date(),
        ...values,
      })
      .returning(),
  );
  return row!;
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

export async function createPage(
  database: Database,
  {
    accountId,
    ...values
  }: {
    accountId: string;
    title?: string;
    slug?: string;
    description?: string;
    data?: PageData;
    kind?: "page" | "doc";
    position?: number;
    status?: "draft" | "published";
  },
) {
  const title = values.title ?? unique("Page");
  const [row] = await database.forAccount(accountId, (tx) =>
    tx
      .insert(pages)
      .values({
        accountId,
        title,
        slug: values.slug ?? unique("page"),
        description: values.description ?? "",
        status: values.status ?? "published",
        kind: values.kind ?? "page",
        position: values.position ?? 0,
        data: values.data ?? {
          root: { props: { title } },
          content: [{ type: "Text", props: { id: "text-1", text: title } }],
        },
      })
      .returning(),
  );
  return row!;
}

export async function createCourse(
  database: Database,
  {
    accountId,
    lessonTitles = [],
    ...values
  }: { accountId: string; lessonTitles?: string[] } & Partial<
    Omit<typeof courses.$inferInsert, "accountId">
  >,
) {
  return database.forAccount(accountId, async (tx) => {
    const [course] = await tx
      .insert(courses)
      .values({
        accountId,
        title: values.title ?? unique("Course"),
        slug: values.slug ?? unique("course"),
        status: "published",
        ...values,
      })
      .returning();
    if (lessonTitles.length > 0) {
      await tx.insert(lessons).values(
        lessonTitles.map((title, position) => ({
          accountId,
          courseId: course!.id,
          title,
          position,
        })),
      );
    }
    return course!;
  });
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

/** A verified person with a password, as if they had signed up (better-auth's own hash). */
export async function createUserWithPassword(
  database: Database,
  { email, name = "Test Person", password }: { email: string; name?: string; password: string },
) {
  const hash = await hashPassword(password);
  // One transaction: the demo seed uses this at first start, where a crash must not leave a
  // person who can never sign in.
  return database.owner.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: randomUUID(), email, name, emailVerified: true })
      .returning();
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      providerId: "credential",
      providerAccountId: user!.id,
      userId: user!.id,
      password: hash,
    });
    return user!;
  });
}
