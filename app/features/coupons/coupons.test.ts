import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { orders } from "~/features/orders/tables.server";
import { products } from "~/features/products/tables.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  backends,
  logicTestOn,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import {
  checkCoupon,
  createCoupon,
  deleteCoupon,
  discountFor,
  listCoupons,
  redeemCoupon,
  updateCoupon,
  type CouponView,
} from "./coupons.server";
import { couponRedemptions, coupons } from "./tables.server";

describe.each(backends)("C3 coupons in the database on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;
  let ada: string;
  let ben: string;
  let manager: Viewer;
  let student: Viewer;
  let productId: string;
  const now = new Date("2026-06-01T12:00:00.000Z");

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    const person = async (roleName: string, caps: string[]): Promise<Viewer> => {
      const { user, membership } = await createMember(db.database, { accountId, roleName });
      return {
        user: { ...user, image: null },
        membership: { ...membership, caps },
        isSuperAdmin: false,
      } as Viewer;
    };
    manager = await person("site_owner", ["manage_options"]);
    student = await person("student", []);
    ada = student.user.id;
    ben = (await person("student", [])).user.id;
    const [product] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(products)
        .values({ accountId, title: "Design course", slug: "design", kind: "course" })
        .returning(),
    );
    productId = product!.id;
  }, 120_000);
  afterAll(() => db?.dispose());

  async function coupon(values: Partial<typeof coupons.$inferInsert> = {}, account = accountId) {
    const [row] = await db.database.forAccount(account, (tx) =>
      tx
        .insert(coupons)
        .values({
          accountId: account,
          name: `C-${randomUUID().slice(0, 8)}`,
          discountType: "percentage",
          couponAmount: 20,
          ...values,
        })
        .returning(),
    );
    return row!;
  }
  const check = (name: string, userId: string | null, account = accountId) =>
    db.database.forAccount(account, (tx) =>
      checkCoupon(tx, { accountId: account, name, userId, now }),
    );
  /** An order of the person with the coupon, in a status; a paid one is redeemed as the lead's settle does. */
  async function order(
    couponId: string,
    userId: string,
    status: "pending" | "paid" | "fulfilled" | "failed" | "cancelled" | "refunded",
  ) {
    return db.database.forAccount(accountId, async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          accountId,
          userId,
          email: "buyer@example.test",
          couponId,
          currency: "USD",
          subtotal: 4900,
          discount: 980,
          total: 3920,
          provider: "stripe",
          status: "pending",
          checkoutKey: randomUUID(),
        })
        .returning();
      if (status === "pending") return row!;
      if (status !== "failed" && status !== "cancelled")
        await redeemCoupon(tx, { accountId, couponId, orderId: row!.id, userId });
      await tx
        .update(orders)
        .set({ status })
        .where(and(eq(orders.accountId, accountId), eq(orders.id, row!.id)));
      return row!;
    });
  }

  logicTest(
    "C3 a coupon must exist for the account by its exact name; else unknown, with nothing else said",
    async () => {
      const row = await coupon({ name: "SPRING20" });
      const valid = await check("SPRING20", null);
      expect(valid).toEqual({
        status: "valid",
        coupon: {
          id: row.id,
          name: "SPRING20",
          discountType: "percentage",
          amount: 20,
          productIds: [],
        },
      });
      expect(await check("spring20", null)).toEqual({ status: "unknown" });
      expect(await check("SPRING2", null)).toEqual({ status: "unknown" });
      expect(await check("SPRING20 ", null)).toEqual({ status: "unknown" });
      // Another account's coupon of the same name is not this site's.
      await coupon({ name: "ACME-ONLY" }, otherAccountId);
      expect(await check("ACME-ONLY", null)).toEqual({ status: "unknown" });
      expect((await check("ACME-ONLY", null, otherAccountId)).status).toBe("valid");
    },
  );

  test("C3 the stored dates and usage decide, each side of the boundary", async () => {
    const names = {
      startsNow: (await coupon({ dateStart: now })).name,
      startsLater: (await coupon({ dateStart: new Date(now.getTime() + 1) })).name,
      endsNow: (await coupon({ dateEnd: now })).name,
      ended: (await coupon({ dateEnd: new Date(now.getTime() - 1) })).name,
      usedUp: (await coupon({ usageLimit: 3, usageCount: 3 })).name,
      unlimited: (await coupon({ usageLimit: 0, usageCount: 999 })).name,
    };
    const statuses = Object.fromEntries(
      await Promise.all(
        Object.entries(names).map(async ([key, name]) => [key, (await check(name, ada)).status]),
      ),
    );
    expect(statuses).toEqual({
      startsNow: "valid",
      startsLater: "unavailable",
      endsNow: "valid",
      ended: "expired",
      usedUp: "limit",
      unlimited: "valid",
    });
  });

  logicTest(
    "C3 per-user limit across two users: paid, fulfilled and refunded orders count; abandoned ones never",
    async () => {
      const row = await coupon({ perUserLimit: 1 });
      await order(row.id, ada, "paid");
      await order(row.id, ben, "pending");
      await order(row.id, ben, "failed");
      await order(row.id, ben, "cancelled");
      expect((await check(row.name, ada)).status).toBe("limit");
      expect((await check(row.name, ben)).status).toBe("valid");
      // Not signed in: no per-person limit.
      expect((await check(row.name, null)).status).toBe("valid");
      await order(row.id, ben, "refunded");
      expect((await check(row.name, ben)).status).toBe("limit");

      const two = await coupon({ perUserLimit: 2 });
      await order(two.id, ada, "fulfilled");
      expect((await check(two.name, ada)).status).toBe("valid");
      await order(two.id, ada, "paid");
      expect((await check(two.name, ada)).status).toBe("limit");
      expect((await check(two.name, ben)).status).toBe("valid");
    },
  );

  logicTest("C3 usage_limit: paid orders count through redemptions until the limit", async () => {
    const row = await coupon({ usageLimit: 2 });
    await order(row.id, ada, "paid");
    expect((await check(row.name, ben)).status).toBe("valid");
    await order(row.id, ben, "paid");
    expect((await check(row.name, ben)).status).toBe("limit");
    expect((await check(row.name, null)).status).toBe("limit");
  });

  test("C3 redeemCoupon counts an order once; 20 concurrent calls for one order count 1, for 20 orders 20", async () => {
    const row = await coupon();
    const orderId = randomUUID();
    const redeem = (id: string) =>
      db.database.forAccount(accountId, (tx) =>
        redeemCoupon(tx, { accountId, couponId: row.id, orderId: id, userId: ada }),
      );
    const same = await Promise.all(Array.from({ length: 20 }, () => redeem(orderId)));
    expect(same.filter(Boolean)).toHaveLength(1);
    const usage = async () =>
      (
        await db.database.forAccount(accountId, (tx) =>
          tx
            .select({ n: coupons.usageCount })
            .from(coupons)
            .where(and(eq(coupons.accountId, accountId), eq(coupons.id, row.id))),
        )
      )[0]!.n;
    expect(await usage()).toBe(1);
    // Later news of the same order counts nothing more.
    expect(await redeem(orderId)).toBe(false);
    expect(await usage()).toBe(1);

    const different = await Promise.all(Array.from({ length: 20 }, () => redeem(randomUUID())));
    expect(different.every(Boolean)).toBe(true);
    expect(await usage()).toBe(21);
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(couponRedemptions)
        .where(
          and(eq(couponRedemptions.accountId, accountId), eq(couponRedemptions.couponId, row.id)),
        ),
    );
    expect(rows).toHaveLength(21);
  });

  logicTest(
    "C3 redeeming a coupon deleted meanwhile counts nothing and does not fail the order",
    async () => {
      const row = await coupon();
      await db.database.forAccount(accountId, (tx) =>
        tx.delete(coupons).where(and(eq(coupons.accountId, accountId), eq(coupons.id, row.id))),
      );
      const counted = await db.database.forAccount(accountId, (tx) =>
        redeemCoupon(tx, { accountId, couponId: row.id, orderId: randomUUID(), userId: ada }),
      );
      expect(counted).toBe(false);
    },
  );

  logicTest(
    "C4 discountFor: the lines of the products it names, percent rounded, never above them",
    () => {
      const view = (v: Partial<CouponView>): CouponView => ({
        id: "c",
        name: "X",
        discountType: "percentage",
        amount: 20,
        productIds: [],
        ...v,
      });
      const lines = [
        { productId: productId, amount: 4999 },
        { productId: "other", amount: 1000 },
      ];
      expect(discountFor({ coupon: view({}), lines, currency: "USD" })).toBe(1200);
      expect(
        discountFor({ coupon: view({ productIds: [productId] }), lines, currency: "USD" }),
      ).toBe(1000);
      expect(
        discountFor({
          coupon: view({ discountType: "flat", amount: 9000, productIds: [productId] }),
          lines,
          currency: "USD",
        }),
      ).toBe(4999);
      expect(
        discountFor({ coupon: view({ productIds: [randomUUID()] }), lines, currency: "USD" }),
      ).toBe(0);
    },
  );

  logicTest(
    "C3 managers create, list, change and delete coupons; names are unique per account",
    async () => {
      const created = await createCoupon(db.database, {
        accountId,
        viewer: manager,
        input: {
          name: " LAUNCH ",
          discountType: "flat",
          amount: 500,
          usageLimit: 100,
          perUserLimit: 1,
          dateStart: "2026-06-01T00:00:00.000Z",
          dateEnd: "2026-07-01T00:00:00+02:00",
          productIds: [productId.toUpperCase()],
        },
      });
      expect(created).toMatchObject({
        name: "LAUNCH",
        discountType: "flat",
        amount: 500,
        usageLimit: 100,
        usageCount: 0,
        perUserLimit: 1,
        dateStart: "2026-06-01T00:00:00.000Z",
        dateEnd: "2026-06-30T22:00:00.000Z",
        productIds: [productId],
      });
      await expect(
        createCoupon(db.database, {
          accountId,
          viewer: manager,
          input: { name: "LAUNCH", discountType: "percentage", amount: 5 },
        }),
      ).rejects.toMatchObject({ code: "coupons.nameTaken" });
      // The same name on another site is another coupon.
      await coupon({ name: "LAUNCH" }, otherAccountId);

      const changed = await updateCoupon(db.database, {
        accountId,
        viewer: manager,
        id: created.id,
        input: { discountType: "percentage", amount: 15, dateEnd: null },
      });
      expect(changed).toMatchObject({ discountType: "percentage", amount: 15, dateEnd: null });
      expect(changed.usageLimit).toBe(100);
      const listed = await listCoupons(db.database, { accountId, viewer: manager });
      expect(listed.coupons.find((c) => c.id === created.id)).toEqual(changed);
      expect(listed.products).toEqual([{ id: productId, title: "Design course" }]);

      await deleteCoupon(db.database, { accountId, viewer: manager, id: created.id });
      expect((await check("LAUNCH", null)).status).toBe("unknown");
      await expect(
        deleteCoupon(db.database, { accountId, viewer: manager, id: created.id }),
      ).rejects.toMatchObject({ code: "coupons.notFound" });
    },
  );

  logicTest(
    "C3 the editor's rules: percent ≤ 100, end after start, usage_count read-only, known products, managers only",
    async () => {
      const create = (input: unknown, viewer: Viewer | null = manager) =>
        createCoupon(db.database, { accountId, viewer, input });
      // Refusals of the fields themselves are zod's (the API answers them 400 request.invalid).
      await expect(
        create({ name: "P", discountType: "percentage", amount: 101 }),
      ).rejects.toMatchObject({ name: "ZodError" });
      await expect(
        create({
          name: "D",
          discountType: "flat",
          amount: 1,
          dateStart: "2026-02-01T00:00:00Z",
          dateEnd: "2026-01-01T00:00:00Z",
        }),
      ).rejects.toMatchObject({ name: "ZodError" });
      await expect(
        create({ name: "U", discountType: "flat", amount: 1, usageCount: 5 }),
      ).rejects.toMatchObject({ name: "ZodError" });
      await expect(
        create({ name: "X", discountType: "flat", amount: 1, productIds: [randomUUID()] }),
      ).rejects.toMatchObject({ code: "request.invalid" });
      await expect(
        create({ name: "S", discountType: "flat", amount: 1 }, student),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      await expect(
        create({ name: "A", discountType: "flat", amount: 1 }, null),
      ).rejects.toMatchObject({
        code: "not_authenticated",
      });
      const row = await create({ name: "FLAT-5", discountType: "flat", amount: 500 });
      // A change is checked with the stored fields: 500 % is refused once the type is percent.
      await expect(
        updateCoupon(db.database, {
          accountId,
          viewer: manager,
          id: row.id,
          input: { discountType: "percentage" },
        }),
      ).rejects.toMatchObject({ code: "request.invalid" });
      await expect(
        updateCoupon(db.database, {
          accountId,
          viewer: manager,
          id: randomUUID(),
          input: { amount: 2 },
        }),
      ).rejects.toMatchObject({ code: "coupons.notFound" });
      await expect(
        updateCoupon(db.database, { accountId, viewer: manager, id: "nope", input: { amount: 2 } }),
      ).rejects.toMatchObject({ code: "coupons.notFound" });
    },
  );
});
