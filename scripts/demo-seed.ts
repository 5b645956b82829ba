import { deleteAccount, findAccountBySlug } from "~/features/accounts/queries.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import type { Database } from "~/platform/db/database.server";
import type { OptionKey } from "~/features/options/validation";
import { findUserByEmail, userExists } from "~/features/auth/queries.server";
import {
  createAccount,
  createCourse,
  createMember,
  createPage,
  createPost,
  createUserWithPassword,
  setOption,
} from "../tests/factories";
import { demoPassword, demoSites, type DemoSite } from "./demo-content";

async function seedSite(database: Database, site: DemoSite): Promise<void> {
  const account = await createAccount(database, { slug: site.slug, settings: site.settings });
  const { accountId } = account;
  const optionValues: [OptionKey, unknown][] = [
    ["menus", site.menus],
    ["header", site.header],
    ["footer", site.footer],
    ["theme", site.theme],
    ["misc", { scripts: site.scripts }],
  ];
  for (const [key, value] of optionValues) await setOption(database, { accountId, key, value });
  for (const post of site.posts) {
    await createPost(database, {
      accountId,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      content: post.content,
      settings: { featured: post.featured },
      publishedAt: new Date(Date.now() - post.daysAgo * 86_400_000),
    });
  }
  for (const page of site.pages) {
    await createPage(database, {
      accountId,
      title: page.title,
      slug: page.slug,
      description: page.description,
      data: {
        root: { props: { title: page.title } },
        content: [
          { type: "Heading", props: { id: "heading-1", text: page.title } },
          { type: "Text", props: { id: "text-1", text: page.text } },
        ],
      },
    });
  }
  for (const [position, doc] of (site.docs ?? []).entries()) {
    await createPage(database, {
      accountId,
      kind: "doc",
      position,
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
    });
  }
  for (const person of site.people) {
    // People are global: on a re-seed they already exist and only rejoin the new account.
    const user = (await userExists(database, person.email))
      ? await findUserByEmail(database, person.email)
      : await createUserWithPassword(database, {
          email: person.email,
          name: person.name,
          password: demoPassword,
        });
    await createMember(database, { accountId, roleName: person.role, user });
  }
  for (const course of site.courses) {
    await createCourse(database, {
      accountId,
      title: course.title,
      slug: course.slug,
      description: course.description,
      featuredImage: { image: course.image, alt: course.title },
      price: course.price,
      lessonTitles: course.lessons,
    });
  }
}

/** True when the database has no account yet: a first start. */
export async function databaseIsEmpty(database: Database): Promise<boolean> {
  for (const site of demoSites) {
    if (await database.asApp((tx) => findAccountBySlug(tx, site.slug))) return false;
  }
  return true;
}

/** The platform's plans and the demo accounts; `replace` first removes earlier demo accounts. */
export async function seedDemo(
  database: Database,
  { replace }: { replace: boolean },
): Promise<void> {
  await upsertPlanCatalogue(database);
  for (const site of demoSites) {
    const existing = await database.asApp((tx) => findAccountBySlug(tx, site.slug));
    if (existing && !replace) continue;
    if (existing)
      await database.forAccount(existing.accountId, (tx) => deleteAccount(tx, existing.accountId));
    await seedSite(database, site);
  }
}
