// Rows the demo seed and the tests both write: posts, pages, courses and people with a
// password, each inside the caller's transaction. Production code (the demo) lives here; the
// tests' factories re-export these (production code never imports tests/).
import { randomUUID } from "node:crypto";
import { authAccounts, users } from "~/features/auth/tables.server";
import { courseSections, courses, lessons } from "~/features/courses/tables.server";
import { pages } from "~/features/pages/tables.server";
import type { PageData } from "~/features/pages/pages";
import { posts } from "~/features/posts/tables.server";
import type { Tx } from "~/platform/db/database.server";

let counter = 0;
/** A name no other row of this process has (slugs, titles, addresses). */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export type NewPost = { accountId: string } & Partial<Omit<typeof posts.$inferInsert, "accountId">>;

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

export type NewPage = {
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

export type NewLesson = { title: string } & Partial<
  Omit<typeof lessons.$inferInsert, "accountId" | "courseId" | "sectionId" | "position">
>;
export type NewCourse = {
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
