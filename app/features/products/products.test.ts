import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AccountSummary } from "~/features/accounts/accounts";
import { enrolments } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import { createAccount, createCourse, createMember } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  courseOffer,
  deleteProduct,
  getProductPage,
  grantProducts,
  listProducts,
  loadProductEditor,
  priceCartLines,
  revokeProducts,
  saveProduct,
  createProduct,
} from "./products.server";
import type { PriceInput, ProductInput } from "./validation";

const viewerOf = (
  user: { id: string; name: string; email: string },
  accountId: string,
  caps: string[],
): Viewer =>
  ({
    user: { ...user, image: null },
    membership: { accountId, role: "x", caps },
    isSuperAdmin: false,
  }) as unknown as Viewer;

const oneTime = (
  currency: string,
  amount: number,
  extra: Partial<PriceInput> = {},
): PriceInput => ({
  currency,
  amount,
  saleAmount: null,
  saleStartsAt: null,
  saleEndsAt: null,
  billing: "one_time",
  interval: null,
  trialDays: 0,
  iterations: 0,
  ...extra,
});

describe.each(logicBackends)("issue 16 products on %s", (backend) => {
  let db: TestDatabase;
  let account: AccountSummary;
  let manager: Viewer;
  let student: Viewer;
  let buyerId: string;
  let courseId: string;
  let levelId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    account = await createAccount(db.database, { settings: { currency: "USD" } });
    const accountId = account.accountId;
    const a = await createMember(db.database, { accountId, roleName: "site_owner" });
    const b = await createMember(db.database, { accountId });
    manager = viewerOf(a.user, accountId, ["manage_options"]);
    student = viewerOf(b.user, accountId, []);
    buyerId = b.user.id;
    courseId = (
      await createCourse(db.database, { accountId, title: "Design", slug: "design", price: 4900 })
    ).id;
    const [level] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(memberships)
        .values({ accountId, name: "Gold", slug: "gold", durationDays: 30 })
        .returning(),
    );
    levelId = level!.id;
  });
  afterAll(() => db?.dispose());

  const as = (viewer: Viewer | null) => ({ database: db.database, account, viewer });
  const product = (extra: Partial<ProductInput> = {}): ProductInput => ({
    title: "Design course",
    slug: `design-${randomUUID().slice(0, 6)}`,
    description: "<p>Learn <strong>design</strong></p><script>alert(1)</script>",
    image: null,
    kind: "course",
    status: "published",
    visibility: "public",
    prices: [oneTime("USD", 4900)],
    grants: [{ target: "course", targetId: courseId }],
    ...extra,
  });

  test("C6 a manager creates, lists, finds and edits a product with prices and grants; others may not", async () => {
    const saved = await saveProduct(as(manager), null, product({ title: "Visual design" }));
    expect(saved).toMatchObject({ ok: true });
    if (!saved.ok) return;
    const editor = await loadProductEditor(as(manager), saved.id);
    expect(editor.product?.description).toContain("<strong>design</strong>");
    expect(editor.product?.description).not.toContain("script");
    expect(editor.product?.prices).toMatchObject([{ currency: "USD", amount: 4900 }]);
    expect(editor.options.course.map((row) => row.id)).toContain(courseId);
    expect(editor.currencies[0]).toBe("USD");
    const found = await listProducts(as(manager), { q: "visual", status: "published" });
    expect(found.rows.map((row) => row.id)).toEqual([saved.id]);
    expect(
      (await listProducts(as(manager), { status: "draft" })).rows.map((r) => r.id),
    ).not.toContain(saved.id);
    // Prices are changed in place when named by id, so an order's item keeps its price.
    const priceId = editor.product!.prices[0]!.id;
    const again = await saveProduct(as(manager), saved.id, {
      ...product({ slug: editor.product!.slug }),
      prices: [{ ...oneTime("USD", 3900), id: priceId }, oneTime("INR", 99_900)],
    });
    expect(again).toMatchObject({ ok: true });
    const reloaded = await loadProductEditor(as(manager), saved.id);
    expect(reloaded.product?.prices.map((p) => [p.id === priceId, p.currency, p.amount])).toEqual([
      [true, "USD", 3900],
      [false, "INR", 99_900],
    ]);
    await expect(saveProduct(as(student), null, product())).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await expect(listProducts(as(null), {})).rejects.toMatchObject({ code: "not_authenticated" });
    await expect(loadProductEditor(as(student), saved.id)).rejects.toMatchObject({
      code: "auth.forbidden",
    });
  });

  test("C6 a product's own rules: slug, kind and grants, price shapes, publishing needs a price and a grant", async () => {
    const first = await saveProduct(as(manager), null, product({ slug: "taken-slug" }));
    expect(first.ok).toBe(true);
    expect(await saveProduct(as(manager), null, product({ slug: "taken-slug" }))).toMatchObject({
      ok: false,
      code: "products.slugTaken",
    });
    expect(
      await saveProduct(
        as(manager),
        null,
        product({ grants: [{ target: "membership", targetId: levelId }] }),
      ),
    ).toMatchObject({ ok: false, code: "products.grantKind" });
    expect(
      await saveProduct(
        as(manager),
        null,
        product({ grants: [{ target: "course", targetId: randomUUID() }] }),
      ),
    ).toMatchObject({ ok: false, code: "request.invalid", field: "grants.0" });
    expect(await saveProduct(as(manager), null, product({ prices: [] }))).toMatchObject({
      ok: false,
      code: "products.noPrice",
    });
    expect(
      await saveProduct(as(manager), null, product({ prices: [], status: "draft" })),
    ).toMatchObject({ ok: true });
    for (const bad of [
      oneTime("USD", 100, { billing: "installments", interval: "month", iterations: 1 }),
      oneTime("USD", 100, { billing: "subscription" }),
      oneTime("USD", 100, { saleAmount: 100 }),
      oneTime("USD", 100, { trialDays: 7 }),
      oneTime("USD", 100, {
        saleStartsAt: "2026-02-01T00:00:00Z",
        saleEndsAt: "2026-01-01T00:00:00Z",
      }),
      oneTime("usd", 100),
      oneTime("XXQ", 100),
    ])
      expect(
        (await saveProduct(as(manager), null, product({ prices: [bad] }))).ok,
        JSON.stringify(bad),
      ).toBe(false);
    const quick = await createProduct(as(manager), { title: "Design course", kind: "download" });
    expect(quick).toMatchObject({ ok: true });
    const loaded = await loadProductEditor(as(manager), (quick as { id: string }).id);
    expect(loaded.product).toMatchObject({
      status: "draft",
      kind: "download",
      slug: "design-course",
    });
    expect(await deleteProduct(as(manager), (quick as { id: string }).id)).toEqual({ ok: true });
    await expect(deleteProduct(as(manager), (quick as { id: string }).id)).rejects.toMatchObject({
      code: "route.notFound",
    });
  });

  test("C6 priceCartLines: the sale between its dates, the currency's price, a course id's cheapest product, quantity 1", async () => {
    const accountId = account.accountId;
    const course = await createCourse(db.database, {
      accountId,
      slug: "pricing-course",
      price: 9000,
    });
    const cheap = await saveProduct(
      as(manager),
      null,
      product({
        title: "Cheap",
        grants: [{ target: "course", targetId: course.id }],
        prices: [
          oneTime("USD", 5000, {
            saleAmount: 2500,
            saleStartsAt: "2026-03-01T00:00:00Z",
            saleEndsAt: "2026-04-01T00:00:00Z",
          }),
          oneTime("INR", 400_000),
        ],
      }),
    );
    const dear = await saveProduct(
      as(manager),
      null,
      product({
        title: "Dear",
        grants: [{ target: "course", targetId: course.id }],
        prices: [oneTime("USD", 8000)],
      }),
    );
    const gold = await saveProduct(
      as(manager),
      null,
      product({
        title: "Gold monthly",
        kind: "membership",
        grants: [{ target: "membership", targetId: levelId }],
        prices: [
          { ...oneTime("USD", 1900), billing: "subscription", interval: "month", trialDays: 7 },
        ],
      }),
    );
    if (!cheap.ok || !dear.ok || !gold.ok) throw new Error("setup");
    const price = (
      lines: { id: string; priceId?: string; quantity: number }[],
      currency: string,
      now: Date,
    ) =>
      db.database.forAccount(accountId, (tx) =>
        priceCartLines(tx, { accountId, lines, currency, now }),
      );
    const inSale = new Date("2026-03-15T00:00:00Z");
    const after = new Date("2026-04-01T00:00:00Z");
    expect((await price([{ id: cheap.id, quantity: 3 }], "USD", inSale))[0]).toMatchObject({
      unitAmount: 2500,
      quantity: 1,
      billing: "one_time",
      frequency: null,
      kind: "course",
    });
    expect((await price([{ id: cheap.id, quantity: 1 }], "USD", after))[0]!.unitAmount).toBe(5000);
    expect((await price([{ id: cheap.id, quantity: 1 }], "INR", after))[0]!.unitAmount).toBe(
      400_000,
    );
    // A cart saved before issue 16 names the course: its cheapest own product in that currency.
    expect((await price([{ id: course.id, quantity: 1 }], "USD", after))[0]).toMatchObject({
      productId: cheap.id,
      unitAmount: 5000,
    });
    expect((await price([{ id: gold.id, quantity: 1 }], "USD", after))[0]).toMatchObject({
      billing: "subscription",
      interval: "month",
      trialDays: 7,
      frequency: { value: 1, parameter: "month" },
    });
    for (const [lines, currency] of [
      [[{ id: dear.id, quantity: 1 }], "INR"],
      [[{ id: randomUUID(), quantity: 1 }], "USD"],
      [[{ id: cheap.id, priceId: randomUUID(), quantity: 1 }], "USD"],
    ] as const)
      await expect(price([...lines], currency, after)).rejects.toMatchObject({
        code: "cart.itemUnavailable",
      });
    await saveProduct(
      as(manager),
      dear.id,
      product({ status: "draft", slug: `dear-${randomUUID().slice(0, 4)}` }),
    );
    await expect(price([{ id: dear.id, quantity: 1 }], "USD", after)).rejects.toMatchObject({
      code: "cart.itemUnavailable",
    });
    const offer = await courseOffer(db.database, {
      accountId,
      courseId: course.id,
      currency: "USD",
      now: inSale,
    });
    expect(offer).toMatchObject({ id: cheap.id, price: { amount: 2500, regularAmount: 5000 } });
    expect(
      await courseOffer(db.database, { accountId, courseId: course.id, currency: "EUR" }),
    ).toBeNull();
    const page = await getProductPage(db.database, {
      accountId,
      slug: offer!.slug,
      currency: "INR",
    });
    expect(page?.prices.map((p) => p.currency)).toEqual(["INR", "USD"]);
    expect(page?.grants.courses.map((c) => c.id)).toEqual([course.id]);
  });

  test("C6 grantProducts enrols and gives the level once; revokeProducts takes back only what that order gave", async () => {
    const accountId = account.accountId;
    const course = await createCourse(db.database, {
      accountId,
      slug: "granted-course",
      price: 100,
    });
    const bundle = await saveProduct(
      as(manager),
      null,
      product({
        kind: "bundle",
        grants: [
          { target: "course", targetId: course.id },
          { target: "membership", targetId: levelId },
        ],
      }),
    );
    const courseOnly = await saveProduct(
      as(manager),
      null,
      product({ grants: [{ target: "course", targetId: course.id }] }),
    );
    if (!bundle.ok || !courseOnly.ok) throw new Error("setup");
    const orderA = randomUUID();
    const orderB = randomUUID();
    const now = new Date();
    const grant = (orderId: string, productIds: string[]) =>
      db.database.forAccount(accountId, (tx) =>
        grantProducts(tx, { accountId, userId: buyerId, orderId, productIds, now }),
      );
    const given = await grant(orderA, [bundle.id, bundle.id]);
    expect(given.courses.map((c) => c.id)).toEqual([course.id]);
    expect(given.memberships).toEqual([{ id: levelId, name: "Gold" }]);
    await grant(orderA, [bundle.id]);
    const state = () =>
      db.database.forAccount(accountId, async (tx) => ({
        enrolment: (
          await tx
            .select()
            .from(enrolments)
            .where(
              and(
                eq(enrolments.accountId, accountId),
                eq(enrolments.courseId, course.id),
                eq(enrolments.userId, buyerId),
              ),
            )
        )[0],
        hold: (
          await tx
            .select()
            .from(memberMemberships)
            .where(
              and(
                eq(memberMemberships.accountId, accountId),
                eq(memberMemberships.userId, buyerId),
              ),
            )
        )[0],
      }));
    const first = await state();
    expect(first.enrolment).toMatchObject({ status: "active", source: "purchase" });
    expect(first.hold).toMatchObject({ status: "active", source: "purchase", orderId: orderA });
    expect(first.hold!.expiresAt!.getTime() - now.getTime()).toBe(30 * 86_400_000);
    // A refund of A while B (the course alone) is still paid: the course stays, the level goes.
    await grant(orderB, [courseOnly.id]);
    await db.database.forAccount(accountId, (tx) =>
      revokeProducts(tx, {
        accountId,
        userId: buyerId,
        orderId: orderA,
        productIds: [bundle.id],
        keepProductIds: [courseOnly.id],
      }),
    );
    const second = await state();
    expect(second.enrolment?.status).toBe("active");
    expect(second.hold?.status).toBe("cancelled");
    await db.database.forAccount(accountId, (tx) =>
      revokeProducts(tx, {
        accountId,
        userId: buyerId,
        orderId: orderB,
        productIds: [courseOnly.id],
      }),
    );
    expect((await state()).enrolment?.status).toBe("cancelled");
    // A refund of an order that did not give the level leaves a level given since alone.
    await grant(orderA, [bundle.id]);
    await db.database.forAccount(accountId, (tx) =>
      revokeProducts(tx, { accountId, userId: buyerId, orderId: orderB, productIds: [bundle.id] }),
    );
    expect((await state()).hold).toMatchObject({ status: "active", orderId: orderA });
    void student;
  });
});
