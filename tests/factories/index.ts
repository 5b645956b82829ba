import { recordRevision } from "~/features/content/content.server";
/**
 * Factories shared by the tests and the demo seed. Each writes through the same unit of work as
 * a request (app role, one account), so what they create obeys row-level security too.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { authAccounts, users } from "~/features/auth/tables.server";
import { joinAccount } from "~/features/members/members.server";
import type { Account } from "~/features/accounts/accounts.server";
import { createAccount as createAccountWithRoles } from "~/features/sign-up/sign-up.server";
import type { AccountSettings } from "~/features/accounts/validation";
import { courseSections, courses, lessons } from "~/features/courses/tables.server";
import { writeOption } from "~/features/options/queries.server";
import type { OptionKey } from "~/features/options/options";
import { pages } from "~/features/pages/tables.server";
import type { PageData } from "~/features/pages/validation";
import { posts } from "~/features/posts/tables.server";
import { postComments } from "~/features/comments/tables.server";
import type { Database, Tx } from "~/platform/db/database.server";

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

type NewPost = { accountId: string } & Partial<Omit<typeof posts.$inferInsert, "accountId">>;

/** Inside the caller's transaction (scoped to the post's account). */
export async function insertPost(tx: Tx, { accountId, ...values }: NewPost) {
  const [row] = await tx
    .insert(posts)
    .values({
      accountId,
      title: values.title ?? unique("Post"),
      slug: values.slug ?? unique("post"),
      status: "published",
      publishedAt: new Date(),
      ...values,
    })
    .returning();
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

export function createPost(database: Database, values: NewPost) {
  return database.forAccount(values.accountId, (tx) => insertPost(tx, values));
}

type NewPage = {
  accountId: string;
  title?: string;
  slug?: string;
  description?: string;
  data?: PageData;
  kind?: "page" | "doc";
  position?: number;
  status?: "draft" | "published";
  /** A translation of that page (decision 025), in `language`. */
  translationOf?: string;
  language?: string;
};

/** Inside the caller's transaction (scoped to the page's account). */
export async function insertPage(tx: Tx, { accountId, ...values }: NewPage) {
  const title = values.title ?? unique("Page");
  const [row] = await tx
    .insert(pages)
    .values({
      accountId,
      title,
      slug: values.slug ?? unique("page"),
      description: values.description ?? "",
      status: values.status ?? "published",
      kind: values.kind ?? "page",
      position: values.position ?? 0,
      translationOf: values.translationOf ?? null,
      language: values.language ?? null,
      data: values.data ?? {
        root: { props: { title } },
        content: [{ type: "Text", props: { id: "text-1", text: title } }],
      },
    })
    .returning();
  return row!;
}

export function createPage(database: Database, values: NewPage) {
  return database.forAccount(values.accountId, (tx) => insertPage(tx, values));
}

type NewLesson = { title: string } & Partial<
  Omit<typeof lessons.$inferInsert, "accountId" | "courseId" | "sectionId" | "position">
>;
type NewCourse = {
  accountId: string;
  /** Lessons of one section, "Lessons". */
  lessonTitles?: string[];
  /** A curriculum of sections and lessons, after `lessonTitles`' section if both are given. */
  sections?: { title: string; lessons: NewLesson[] }[];
} & Partial<Omit<typeof courses.$inferInsert, "accountId">>;

/** Inside the caller's transaction (scoped to the course's account): the course and its curriculum. */
export async function insertCourse(
  tx: Tx,
  { accountId, lessonTitles = [], sections = [], ...values }: NewCourse,
) {
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
  const curriculum = [
    ...(lessonTitles.length > 0
      ? [{ title: "Lessons", lessons: lessonTitles.map((title) => ({ title })) }]
      : []),
    ...sections,
  ];
  for (const [sectionPosition, section] of curriculum.entries()) {
    const [row] = await tx
      .insert(courseSections)
      .values({ accountId, courseId: course!.id, title: section.title, position: sectionPosition })
      .returning({ id: courseSections.id });
    if (section.lessons.length === 0) continue;
    await tx.insert(lessons).values(
      section.lessons.map((lesson, position) => ({
        ...lesson,
        accountId,
        courseId: course!.id,
        sectionId: row!.id,
        position,
      })),
    );
  }
  return course!;
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
 * Inside the caller's owner transaction: a verified person whose credential holds `passwordHash`
 * (better-auth's format, from `hashPassword`).
 */
export async function insertUserWithPasswordHash(
  tx: Tx,
  {
    email,
    name = "Test Person",
    passwordHash,
  }: { email: string; name?: string; passwordHash: string },
) {
  const [user] = await tx
    .insert(users)
    .values({ id: randomUUID(), email, name, emailVerified: true })
    .returning();
  await tx.insert(authAccounts).values({
    id: randomUUID(),
    providerId: "credential",
    providerAccountId: user!.id,
    userId: user!.id,
    password: passwordHash,
  });
  return user!;
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
