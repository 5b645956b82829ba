import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { AccountSummary } from "~/features/accounts/accounts";
import { slugify } from "~/features/content/content";
import { courses } from "~/features/courses/tables.server";
import { media } from "~/features/media/tables.server";
import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import { memberships } from "~/features/memberships/tables.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { safeUrl } from "~/platform/safe-values";
import { sanitizeContentHtml } from "~/platform/sanitize.server";
import { productCurrencies } from "./currencies.server";
import type { GrantTarget, ProductKind } from "./product-shapes";
import {
  grantsOf,
  pricesOf,
  productById,
  productPage,
  productSlugTaken,
  replaceGrants,
  replacePrices,
  type PriceRow,
} from "./queries.server";
import { products } from "./tables.server";
import {
  productCreateSchema,
  productInputSchema,
  productListQuerySchema,
  type GrantInput,
  type PriceInput,
  type ProductInput,
} from "./validation";

export type Managing = {
  database: Database;
  account: AccountSummary;
  viewer: Viewer | null;
  caches?: OptionCaches | null;
};

/** Products are the site's managers' (manage_options) and super-admins'. */
export function requireProductManager({ account, viewer }: Pick<Managing, "account" | "viewer">) {
  requireSiteManager(viewer, { accountId: account.accountId, hostAccountId: account.accountId });
}

export const PRODUCTS_PAGE_SIZE = 25;

export type PriceView = Omit<PriceInput, "id"> & { id: string };
export type ProductRowView = {
  id: string;
  title: string;
  slug: string;
  kind: ProductKind;
  status: ProductInput["status"];
  visibility: ProductInput["visibility"];
  updatedAt: string;
  prices: PriceView[];
};

export const priceView = (row: PriceRow): PriceView => ({
  id: row.id,
  currency: row.currency,
  amount: row.amount,
  saleAmount: row.saleAmount,
  saleStartsAt: row.saleStartsAt?.toISOString() ?? null,
  saleEndsAt: row.saleEndsAt?.toISOString() ?? null,
  billing: row.billing,
  interval: row.interval,
  trialDays: row.trialDays,
  iterations: row.iterations,
});

/** Issue 16: the products screen's list (managers): search, status filter, a page at a time. */
export async function listProducts(managing: Managing, query: unknown) {
  requireProductManager(managing);
  const parsed = productListQuerySchema.safeParse(query);
  if (!parsed.success) throw new AppError({ code: "request.invalid" });
  const { q, status, page = 1 } = parsed.data;
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx) => {
    const found = await productPage(tx, {
      accountId,
      q,
      status,
      limit: PRODUCTS_PAGE_SIZE,
      offset: (page - 1) * PRODUCTS_PAGE_SIZE,
    });
    const prices = await pricesOf(tx, { accountId, productIds: found.rows.map((row) => row.id) });
    const rows: ProductRowView[] = found.rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      kind: row.kind,
      status: row.status,
      visibility: row.visibility,
      updatedAt: row.updatedAt.toISOString(),
      prices: prices.filter((price) => price.productId === row.id).map(priceView),
    }));
    return {
      rows,
      total: found.total,
      page,
      pageSize: PRODUCTS_PAGE_SIZE,
      query: { q: q ?? "", status: status ?? null },
    };
  });
}

/** What a product may grant: the site's courses, membership levels and library files. */
async function grantOptions(tx: Tx, accountId: string) {
  const courseRows = await tx
    .select({ id: courses.id, title: courses.title, status: courses.status })
    .from(courses)
    .where(eq(courses.accountId, accountId))
    .orderBy(asc(courses.title))
    .limit(2000);
  const levelRows = await tx
    .select({ id: memberships.id, title: memberships.name, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.position), asc(memberships.name));
  const fileRows = await tx
    .select({ id: media.id, title: media.originalName, status: media.kind })
    .from(media)
    .where(eq(media.accountId, accountId))
    .orderBy(desc(media.createdAt))
    .limit(2000);
  return { course: courseRows, membership: levelRows, download: fileRows };
}

export type GrantOptions = Awaited<ReturnType<typeof grantOptions>>;

export type ProductEditorData = {
  product: (Omit<ProductInput, "prices"> & { id: string; prices: PriceView[] }) | null;
  options: GrantOptions;
  currencies: string[];
  currency: string;
};

/** Issue 16: the product editor (managers); `id` null = a new product. */
export async function loadProductEditor(
  managing: Managing,
  id: string | null,
): Promise<ProductEditorData> {
  requireProductManager(managing);
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx) => {
    const options = await grantOptions(tx, accountId);
    const base = { options, ...productCurrencies(managing.account) };
    if (id === null) return { ...base, product: null };
    const row = await productById(tx, { accountId, id });
    if (!row) throw new AppError({ code: "route.notFound" });
    const prices = await pricesOf(tx, { accountId, productIds: [id] });
    const grants = await grantsOf(tx, { accountId, productIds: [id] });
    return {
      ...base,
      product: {
        id: row.id,
        title: row.title,
        slug: row.slug,
        description: row.description,
        image: row.image,
        kind: row.kind,
        status: row.status,
        visibility: row.visibility,
        prices: prices.map(priceView),
        grants: grants.map((grant) => ({ target: grant.target, targetId: grant.targetId })),
      },
    };
  });
}

export type ProductSaveAnswer =
  { ok: true; id: string; slug: string } | { ok: false; code: string; field?: string };

/** Which grant targets each kind takes: a bundle takes any mix. */
const kindTargets: Record<ProductKind, readonly GrantTarget[]> = {
  course: ["course"],
  membership: ["membership"],
  download: ["download"],
  // A live session gives nothing to keep: its appointment type is booked with it (decision 078).
  session: [],
  bundle: ["course", "membership", "download"],
};

/** The product's own checks beyond the schema: currencies, grants that exist and fit its kind. */
async function productProblem(
  tx: Tx,
  account: AccountSummary,
  input: ProductInput,
): Promise<{ code: string; field: string } | null> {
  const { currencies } = productCurrencies(account);
  const badCurrency = input.prices.findIndex((price) => !currencies.includes(price.currency));
  if (badCurrency >= 0)
    return { code: "products.currency", field: `prices.${badCurrency}.currency` };
  const wrongKind = input.grants.findIndex(
    (grant) => !kindTargets[input.kind].includes(grant.target),
  );
  if (wrongKind >= 0) return { code: "products.grantKind", field: `grants.${wrongKind}` };
  const options = await existingTargets(tx, account.accountId, input.grants);
  const unknown = input.grants.findIndex(
    (grant) => !options.has(`${grant.target}:${grant.targetId}`),
  );
  if (unknown >= 0) return { code: "request.invalid", field: `grants.${unknown}` };
  if (input.status === "published" && input.prices.length === 0)
    return { code: "products.noPrice", field: "prices" };
  if (input.status === "published" && input.grants.length === 0)
    return { code: "products.noGrant", field: "grants" };
  return null;
}

async function existingTargets(tx: Tx, accountId: string, grants: GrantInput[]) {
  const ids = (target: GrantTarget) =>
    grants.filter((grant) => grant.target === target).map((grant) => grant.targetId);
  const found = new Set<string>();
  const add = (target: GrantTarget, rows: { id: string }[]) =>
    rows.forEach((row) => found.add(`${target}:${row.id}`));
  if (ids("course").length)
    add(
      "course",
      await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), inArray(courses.id, ids("course")))),
    );
  if (ids("membership").length)
    add(
      "membership",
      await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(eq(memberships.accountId, accountId), inArray(memberships.id, ids("membership"))),
        ),
    );
  if (ids("download").length)
    add(
      "download",
      await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.accountId, accountId), inArray(media.id, ids("download")))),
    );
  return found;
}

/** A free address from a title: the slug, else the slug with -2, -3, … */
async function freeSlug(tx: Tx, accountId: string, wanted: string) {
  const base = slugify(wanted) || "product";
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
    if (!(await productSlugTaken(tx, { accountId, slug }))) return slug;
  }
}

/** Issue 16 quick create: a draft product of a kind, by title; the editor opens on it. */
export async function createProduct(
  managing: Managing,
  input: unknown,
): Promise<ProductSaveAnswer> {
  requireProductManager(managing);
  const parsed = productCreateSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", field: parsed.error.issues[0]?.path.join(".") };
  const { accountId } = managing.account;
  return managing.database.forAccount(accountId, async (tx) => {
    const slug = await freeSlug(tx, accountId, parsed.data.title);
    const [row] = await tx
      .insert(products)
      .values({ accountId, title: parsed.data.title.trim(), slug, kind: parsed.data.kind })
      .returning({ id: products.id, slug: products.slug });
    return { ok: true as const, id: row!.id, slug: row!.slug };
  });
}

/**
 * Issue 16: saves a product whole (fields, prices, grants) in one transaction; `id` null adds
 * it. The description is sanitised; the image must be a safe address. Every page of the site
 * is dropped from the cache, since course pages show their products.
 */
export async function saveProduct(
  managing: Managing,
  id: string | null,
  input: unknown,
): Promise<ProductSaveAnswer> {
  requireProductManager(managing);
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, code: "request.invalid", field: parsed.error.issues[0]?.path.join(".") };
  const fields = parsed.data;
  const { account, database } = managing;
  const accountId = account.accountId;
  const answer = await database.forAccount(accountId, async (tx): Promise<ProductSaveAnswer> => {
    if (id !== null && !(await productById(tx, { accountId, id })))
      throw new AppError({ code: "route.notFound" });
    const problem = await productProblem(tx, account, fields);
    if (problem) return { ok: false, ...problem };
    if (await productSlugTaken(tx, { accountId, slug: fields.slug, exceptId: id ?? undefined }))
      return { ok: false, code: "products.slugTaken", field: "slug" };
    const values = {
      title: fields.title.trim(),
      slug: fields.slug,
      description: sanitizeContentHtml(fields.description),
      image: fields.image ? safeUrl(fields.image) : null,
      kind: fields.kind,
      status: fields.status,
      visibility: fields.visibility,
      updatedAt: new Date(),
    };
    let productId = id;
    if (productId === null) {
      const [row] = await tx
        .insert(products)
        .values({ ...values, accountId })
        .returning({ id: products.id });
      productId = row!.id;
    } else {
      await tx
        .update(products)
        .set(values)
        .where(and(eq(products.accountId, accountId), eq(products.id, productId)));
    }
    await replacePrices(tx, { accountId, productId, prices: fields.prices });
    await replaceGrants(tx, { accountId, productId, grants: fields.grants });
    return { ok: true, id: productId, slug: fields.slug };
  });
  if (answer.ok) await managing.caches?.invalidateAccount(accountId, null);
  return answer;
}

/**
 * Issue 16: deletes a product with its prices and grants. Orders keep their items' titles and
 * amounts; what was granted stays granted. A product anyone has ordered is better archived.
 */
export async function deleteProduct(managing: Managing, id: string): Promise<{ ok: true }> {
  requireProductManager(managing);
  const { accountId } = managing.account;
  const gone = await managing.database.forAccount(accountId, (tx) =>
    tx
      .delete(products)
      .where(and(eq(products.accountId, accountId), eq(products.id, id)))
      .returning({ id: products.id }),
  );
  if (gone.length === 0) throw new AppError({ code: "route.notFound" });
  await managing.caches?.invalidateAccount(accountId, null);
  return { ok: true };
}
