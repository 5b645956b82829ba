import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { isCourseManager, requireLms } from "./course-access.server";
import { courseCategories, courses } from "./tables.server";
import { categoryCommandSchema } from "./validation";

type Managing = {
  database: Database;
  account: AccountSummary;
  viewer: Viewer;
  caches?: OptionCaches | null;
};

function requireManager(viewer: Viewer): void {
  if (!isCourseManager(viewer)) throw new AppError({ code: "auth.forbidden" });
}

/** A site's categories in their order (the catalogue's chips, the builder's select). */
export function categoriesOf(tx: Tx, accountId: string) {
  return tx
    .select({
      id: courseCategories.id,
      name: courseCategories.name,
      slug: courseCategories.slug,
      description: courseCategories.description,
      position: courseCategories.position,
    })
    .from(courseCategories)
    .where(eq(courseCategories.accountId, accountId))
    .orderBy(asc(courseCategories.position), asc(courseCategories.name));
}

/** The public catalogue's filter: the site's categories. */
export function listCategories(database: Database, { accountId }: { accountId: string }) {
  return database.forAccount(accountId, (tx) => categoriesOf(tx, accountId));
}

/** M1 categories screen (managers): every category with how many courses it holds. */
export async function loadCategoriesScreen({ database, account, viewer }: Managing) {
  await requireLms(database, account);
  requireManager(viewer);
  return database.forAccount(account.accountId, async (tx) => {
    const used = await tx
      .select({ categoryId: courses.categoryId, n: count() })
      .from(courses)
      .where(eq(courses.accountId, account.accountId))
      .groupBy(courses.categoryId);
    const counts = new Map(used.map((row) => [row.categoryId, row.n]));
    const categories = await categoriesOf(tx, account.accountId);
    return {
      categories: categories.map((category) => ({
        ...category,
        courses: counts.get(category.id) ?? 0,
      })),
    };
  });
}

export type CategoryAnswer = { ok: true; id: string | null } | { ok: false; code: string };

/** M1 save (add or change) or delete a category; a deleted one is first cleared from its courses. */
export async function commandCategory(
  { database, account, viewer, caches }: Managing,
  input: unknown,
): Promise<CategoryAnswer> {
  await requireLms(database, account);
  requireManager(viewer);
  const parsed = categoryCommandSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "request.invalid" };
  const accountId = account.accountId;
  const command = parsed.data;
  const answer: CategoryAnswer = await database.forAccount(accountId, async (tx) => {
    if (command.intent === "deleteCategory") {
      await tx
        .update(courses)
        .set({ categoryId: null })
        .where(and(eq(courses.accountId, accountId), eq(courses.categoryId, command.id)));
      const gone = await tx
        .delete(courseCategories)
        .where(and(eq(courseCategories.accountId, accountId), eq(courseCategories.id, command.id)))
        .returning({ id: courseCategories.id });
      if (gone.length === 0) throw new AppError({ code: "route.notFound" });
      return { ok: true as const, id: null };
    }
    const { id, ...values } = command.category;
    const clean = { ...values, name: values.name.trim(), description: values.description.trim() };
    const [taken] = await tx
      .select({ id: courseCategories.id })
      .from(courseCategories)
      .where(
        and(
          eq(courseCategories.accountId, accountId),
          eq(courseCategories.slug, clean.slug),
          id ? ne(courseCategories.id, id) : undefined,
        ),
      )
      .limit(1);
    if (taken) return { ok: false as const, code: "courses.slugTaken" };
    if (id) {
      const changed = await tx
        .update(courseCategories)
        .set(clean)
        .where(and(eq(courseCategories.accountId, accountId), eq(courseCategories.id, id)))
        .returning({ id: courseCategories.id });
      if (changed.length === 0) throw new AppError({ code: "route.notFound" });
      return { ok: true as const, id };
    }
    const [row] = await tx
      .insert(courseCategories)
      .values({ ...clean, accountId })
      .returning({ id: courseCategories.id });
    return { ok: true as const, id: row!.id };
  });
  if (answer.ok) await caches?.invalidateAccount(accountId, null);
  return answer;
}

/** M1 the managers' e-learning screen: every course of the site with its author and category. */
export async function listSiteCourses({ database, account, viewer }: Managing) {
  await requireLms(database, account);
  requireManager(viewer);
  const rows = await database.forAccount(account.accountId, (tx) =>
    tx
      .select({
        id: courses.id,
        title: courses.title,
        slug: courses.slug,
        status: courses.status,
        updatedAt: courses.updatedAt,
        authorName: members.name,
        categoryName: courseCategories.name,
      })
      .from(courses)
      .leftJoin(
        members,
        and(eq(members.accountId, courses.accountId), eq(members.userId, courses.authorId)),
      )
      .leftJoin(
        courseCategories,
        and(
          eq(courseCategories.accountId, courses.accountId),
          eq(courseCategories.id, courses.categoryId),
        ),
      )
      .where(eq(courses.accountId, account.accountId))
      .orderBy(desc(courses.updatedAt))
      .limit(1000),
  );
  return { rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })) };
}
