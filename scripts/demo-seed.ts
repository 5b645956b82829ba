import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { insertAccountWithRoles } from "~/features/sign-up/sign-up.server";
import {
  deleteAccount,
  findAccountBySlug,
  PLATFORM_ACCOUNT_ID,
} from "~/features/accounts/accounts.server";
import { users } from "~/features/auth/tables.server";
import { courseCategories } from "~/features/courses/tables.server";
import { addMember } from "~/features/members/members.server";
import { writeOption } from "~/features/options/options.server";
import { pages } from "~/features/pages/tables.server";
import { posts } from "~/features/posts/tables.server";
import type { OptionKey } from "~/features/options/options";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import type { Database, Tx } from "~/platform/db/database.server";
import {
  insertCourse,
  insertPage,
  insertPost,
  insertUserWithPasswordHash,
} from "./demo-rows/content-rows";
import { insertDemoQuiz } from "./demo-rows/quizzes";
import { insertDemoLearning } from "./demo-rows/learning";
import { insertDemoShop } from "./demo-rows/products";
import { insertDemoCheckout } from "./demo-rows/commerce";
import { insertDemoReportActivity } from "./demo-rows/reports";
import { insertDemoContacts } from "./demo-contacts";
import { insertDemoForms } from "./demo-forms";
import { insertDemoFunnel } from "./demo-funnel";
import { insertDemoAppointments } from "./demo-rows/appointments";
import { DEMO_COUPON } from "./demo-content";
import { demoPassword, demoSites, englishOutline, type DemoSite } from "./demo-content";
import { platformDocs, platformPosts } from "./platform-docs";

/** A demo person: found on a re-seed (people are global and outlive the accounts), else added. */
async function demoPerson(
  tx: Tx,
  person: DemoSite["people"][number],
  passwordHash: Promise<string>,
): Promise<{ id: string; name: string; email: string }> {
  const [existing] = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, person.email))
    .limit(1);
  if (existing) return existing;
  return insertUserWithPasswordHash(tx, {
    email: person.email,
    name: person.name,
    passwordHash: await passwordHash,
  });
}

/**
 * One site, in one transaction (a first start that stops half-way leaves no half site): its
 * people as the owner first, then everything else as the new account, under its policies.
 */
async function seedSite(
  database: Database,
  site: DemoSite,
  passwordHash: Promise<string>,
): Promise<void> {
  const accountId = randomUUID();
  await database.ownerThenAccount(async (tx, enterAccount) => {
    const people = [];
    for (const person of site.people) {
      people.push({ role: person.role, user: await demoPerson(tx, person, passwordHash) });
    }
    await enterAccount(accountId);
    await insertAccountWithRoles(tx, {
      accountId,
      slug: site.slug,
      settings: { sitetitle: site.slug, ...site.settings },
    });
    const optionValues: [OptionKey, unknown][] = [
      ["menus", site.menus],
      ["header", site.header],
      ["footer", site.footer],
      ["theme", site.theme],
      ["misc", { scripts: site.scripts }],
    ];
    for (const [key, value] of optionValues) await writeOption(tx, { accountId, key, value });
    for (const post of site.posts) {
      const publishedAt = new Date(Date.now() - post.daysAgo * 86_400_000);
      const original = await insertPost(tx, {
        accountId,
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        settings: { featured: post.featured },
        publishedAt,
      });
      for (const translation of post.translations ?? [])
        await insertPost(tx, {
          accountId,
          ...translation,
          slug: post.slug,
          translationOf: original.id,
          publishedAt,
        });
    }
    const pageData = (title: string, blocks: [string, string][]) => ({
      root: { props: { title } },
      content: blocks.flatMap(([heading, text], n) => [
        { type: "Heading", props: { id: `heading-${n + 1}`, text: heading } },
        { type: "Text", props: { id: `text-${n + 1}`, text } },
      ]),
    });
    // A page's text under its title; a doc's sections, each a heading and its paragraph.
    const pageItems = [
      ...site.pages.map((page) => ({
        kind: "page" as const,
        ...page,
        blocks: [[page.title, page.text]] as [string, string][],
        translations: (page.translations ?? []).map((version) => ({
          ...version,
          blocks: [[version.title, version.text]] as [string, string][],
        })),
      })),
      ...(site.docs ?? []).map((doc) => ({
        kind: "doc" as const,
        ...doc,
        blocks: doc.sections,
        translations: (doc.translations ?? []).map((version) => ({
          ...version,
          blocks: version.sections,
        })),
      })),
    ];
    for (const [position, item] of pageItems.entries()) {
      const original = await insertPage(tx, {
        accountId,
        kind: item.kind,
        position,
        title: item.title,
        slug: item.slug,
        description: item.description,
        data: pageData(item.title, item.blocks),
      });
      for (const version of item.translations)
        await insertPage(tx, {
          accountId,
          kind: item.kind,
          position,
          title: version.title,
          slug: item.slug,
          description: version.description,
          translationOf: original.id,
          language: version.language,
          data: pageData(version.title, version.blocks),
        });
    }
    for (const { role, user } of people) await addMember(tx, { accountId, user, roleName: role });
    // One transaction gives every row the same now(): each course gets its own moment, a
    // second after the one before, so the catalogue (newest first) keeps the content's order.
    const firstCourseAt = Date.now() - site.courses.length * 1000;
    const categoryIds = new Map<string, string>();
    for (const [position, category] of (site.courseCategories ?? []).entries()) {
      const [row] = await tx
        .insert(courseCategories)
        .values({ accountId, ...category, position })
        .returning({ id: courseCategories.id });
      categoryIds.set(category.slug, row!.id);
    }
    const userIdOf = new Map(people.map(({ user }) => [user.email, user.id]));
    const courseRows = [];
    const outline = site.outline ?? englishOutline;
    for (const [index, course] of site.courses.entries()) {
      const row = await insertCourse(tx, {
        accountId,
        createdAt: new Date(firstCourseAt + index * 1000),
        title: course.title,
        slug: course.slug,
        subtitle: course.subtitle ?? "",
        description: course.description,
        featuredImage: { image: course.image, alt: course.title },
        price: course.price,
        level: course.level ?? "all",
        // The demo's docs promise a certificate for every finished course.
        settings: { certificate: true },
        categoryId: course.category ? categoryIds.get(course.category) : null,
        authorId: course.author ? userIdOf.get(course.author) : null,
        sections: [
          ...(course.lessons?.length
            ? [
                {
                  title: outline.lessonsSection,
                  lessons: course.lessons.map((title) => ({ title })),
                },
              ]
            : []),
          ...(course.sections ?? []).map((section) => ({
            title: section.title,
            lessons: section.lessons.map(({ html, video, files, ...lesson }) => ({
              ...lesson,
              type: lesson.type ?? (video ? "video" : "text"),
              content: { html, video, files },
            })),
          })),
        ],
      });
      courseRows.push({ ...row, subtitle: course.subtitle, image: course.image });
      // The first course's quiz lesson (features/quizzes), taught by the site's instructor.
      if (index === 0) {
        const teacher = people.find(({ role }) => role === "instructor")?.user.id ?? null;
        await insertDemoQuiz(tx, {
          accountId,
          courseId: row.id,
          authorId: teacher,
          titles: { quiz: outline.quizTitle, lesson: outline.quizLesson },
        });
      }
    }
    // Commerce (issue 16): products for the paid courses; on demo, rupees too and Gold.
    await insertDemoShop(tx, {
      accountId,
      currency: site.settings.currency ?? "USD",
      courses: courseRows,
      inrCourseSlug: site.slug === "demo" ? "design-foundations" : null,
      gold: site.slug === "demo",
    });
    await insertDemoCheckout(tx, {
      accountId,
      coupon: site.slug === "demo" ? DEMO_COUPON : null,
    });
    // Learning (issue 15): the demo student part-way through a course, their parent linked.
    const student = people.find((person) => person.user.email === "student@demo.test");
    if (student)
      await insertDemoLearning(tx, {
        accountId,
        courseSlug: "design-foundations",
        studentId: student.user.id,
        parentId: people.find((person) => person.role === "parent")?.user.id,
      });
    // Reports (issue 17 scope 5): the demo's last weeks — visits, campaign visits, its people
    // joining one after another (the owner first, the student last), the parent's purchases.
    if (site.slug === "demo") {
      const parent = people.find((person) => person.user.email === "parent@demo.test");
      await insertDemoReportActivity(tx, {
        accountId,
        joined: [
          { email: "owner@demo.test", daysAgo: 88 },
          { email: "parent@demo.test", daysAgo: 47 },
          { email: "teacher@demo.test", daysAgo: 26 },
          { email: "student@demo.test", daysAgo: 9 },
        ],
        buyer: parent ? { userId: parent.user.id, email: parent.user.email } : null,
        currency: site.settings.currency ?? "USD",
      });
    }
    await insertDemoContacts(tx, {
      accountId,
      people: people.map(({ user }) => ({ email: user.email, name: user.name, id: user.id })),
    });
    await insertDemoForms(tx, { accountId });
    if (site.slug === "demo") await insertDemoFunnel(tx, { accountId });
    // Issue 36: the instructor's hours and sessions, one booked by the student.
    const teacher = people.find(({ role }) => role === "instructor");
    if (teacher && site.settings.features?.includes("appointments"))
      await insertDemoAppointments(tx, {
        accountId,
        hostUserId: teacher.user.id,
        bookerUserId: student?.user.id,
        zone: site.settings.timezone ?? "America/New_York",
        currency: site.settings.currency ?? "USD",
      });
  });
}

/**
 * The platform's own docs (decision 029), in the platform account, each added when no page has
 * its address yet: a re-seed replaces the demo sites, never what super-admins wrote since.
 */
async function seedPlatformDocs(database: Database): Promise<void> {
  const accountId = PLATFORM_ACCOUNT_ID;
  await database.forAccount(accountId, async (tx) => {
    const ids = new Map<string, string>();
    for (const [position, doc] of platformDocs.entries()) {
      const [existing] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.accountId, accountId), eq(pages.slug, doc.slug)))
        .limit(1);
      if (existing) {
        ids.set(doc.slug, existing.id);
        continue;
      }
      // Straight into the table: the pages door's use cases bring the block renderer, which the
      // browser tests that seed (analytics.spec.ts) cannot load outside Vite.
      const [added] = await tx
        .insert(pages)
        .values({
          accountId,
          kind: "doc",
          status: "published",
          publishedAt: new Date(),
          position,
          parentId: doc.parent ? ids.get(doc.parent) : null,
          title: doc.title,
          slug: doc.slug,
          description: doc.description,
          data: {
            root: { props: { title: doc.title } },
            content: doc.sections.flatMap(([heading, text], n) => [
              { type: "Heading", props: { id: `heading-${n + 1}`, text: heading } },
              { type: "Text", props: { id: `text-${n + 1}`, text } },
            ]),
          },
        })
        .returning({ id: pages.id });
      ids.set(doc.slug, added!.id);
    }
  });
}

/**
 * The platform's own blog posts (decision 029), each added while no post has its address: like
 * its docs, a re-seed never touches what super-admins wrote since.
 */
async function seedPlatformPosts(database: Database): Promise<void> {
  const accountId = PLATFORM_ACCOUNT_ID;
  await database.forAccount(accountId, async (tx) => {
    for (const post of platformPosts) {
      const [existing] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.accountId, accountId), eq(posts.slug, post.slug)))
        .limit(1);
      if (existing) continue;
      await tx
        .insert(posts)
        .values({ accountId, status: "published", publishedAt: new Date(), ...post });
    }
  });
}

/** True when the database has no account yet: a first start. */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  return database.asApp(async (tx) => {
    for (const site of demoSites) if (await findAccountBySlug(tx, site.slug)) return false;
    return true;
  });
}

/** The platform's plans and the demo accounts; `replace` first removes earlier demo accounts. */
export async function seedDemo(
  database: Database,
  { replace }: { replace: boolean },
): Promise<void> {
  // Every demo person has the same password: scrypt runs once, on the thread pool while the
  // plans are written, and each credential keeps that one hash.
  const passwordHash = hashPassword(demoPassword);
  // Awaited when the first person is written; this keeps a failure before then from going unhandled.
  passwordHash.catch(() => {});
  await upsertPlanCatalogue(database);
  await seedPlatformDocs(database);
  await seedPlatformPosts(database);
  for (const site of demoSites) {
    const existing = await database.asApp((tx) => findAccountBySlug(tx, site.slug));
    if (existing && !replace) continue;
    if (existing)
      await database.forAccount(existing.accountId, (tx) => deleteAccount(tx, existing.accountId));
    await seedSite(database, site, passwordHash);
  }
}
