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
import { addMember } from "~/features/members/members.server";
import { writeOption } from "~/features/options/options.server";
import { pages } from "~/features/pages/tables.server";
import type { OptionKey } from "~/features/options/options";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import type { Database, Tx } from "~/platform/db/database.server";
import {
  insertCourse,
  insertPage,
  insertPost,
  insertUserWithPasswordHash,
} from "../tests/factories";
import { demoPassword, demoSites, type DemoSite } from "./demo-content";
import { platformDocs } from "./platform-docs";

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
    for (const [index, course] of site.courses.entries()) {
      await insertCourse(tx, {
        accountId,
        createdAt: new Date(firstCourseAt + index * 1000),
        title: course.title,
        slug: course.slug,
        description: course.description,
        featuredImage: { image: course.image, alt: course.title },
        price: course.price,
        lessonTitles: course.lessons,
      });
    }
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
  for (const site of demoSites) {
    const existing = await database.asApp((tx) => findAccountBySlug(tx, site.slug));
    if (existing && !replace) continue;
    if (existing)
      await database.forAccount(existing.accountId, (tx) => deleteAccount(tx, existing.accountId));
    await seedSite(database, site, passwordHash);
  }
}
