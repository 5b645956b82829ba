import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enrolments } from "~/features/learning/tables.server";
import {
  memberMemberships,
  membershipRules,
  memberships,
} from "~/features/memberships/tables.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import {
  createAccount,
  createCourse,
  createMember,
  createUserWithPassword,
} from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { productGrants, productPrices, products } from "./tables.server";

const DAY = 86_400_000;
const password = "Product-Harbour-Quartz-88";

describe.each(logicBackends)("issue 16 public product pages on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let accountId = "";
  const courses = { sold: "", unsold: "", gold: "" };
  let memberEmail = "";
  let memberId = "";

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    await upsertPlanCatalogue(db.database);
    const account = await createAccount(db.database, {
      settings: { currency: "USD", plan: "professional", features: ["lms"] },
    });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    const sold = await createCourse(db.database, {
      accountId,
      title: "Design",
      slug: "design",
      price: 4900,
      lessonTitles: ["One"],
    });
    courses.sold = sold.id;
    courses.unsold = (
      await createCourse(db.database, {
        accountId,
        title: "Unsold",
        slug: "unsold",
        price: 1000,
        lessonTitles: ["One"],
      })
    ).id;
    courses.gold = (
      await createCourse(db.database, {
        accountId,
        title: "Gold course",
        slug: "gold-course",
        price: 9900,
        lessonTitles: ["One"],
      })
    ).id;
    memberEmail = `member-${accountId.slice(0, 8)}@example.test`;
    const user = await createUserWithPassword(db.database, { email: memberEmail, password });
    memberId = user.id;
    await createMember(db.database, { accountId, user });
    await db.database.forAccount(accountId, async (tx) => {
      const now = Date.now();
      const [product] = await tx
        .insert(products)
        .values({
          accountId,
          title: "Design course",
          slug: "design-course",
          kind: "course",
          status: "published",
          description: "<p>Learn <em>design</em>.</p>",
        })
        .returning();
      await tx.insert(productPrices).values([
        {
          accountId,
          productId: product!.id,
          currency: "USD",
          amount: 4900,
          saleAmount: 2900,
          saleStartsAt: new Date(now - DAY),
          saleEndsAt: new Date(now + 7 * DAY),
        },
        { accountId, productId: product!.id, currency: "INR", amount: 399_900, position: 1 },
      ]);
      await tx
        .insert(productGrants)
        .values({ accountId, productId: product!.id, target: "course", targetId: sold.id });
      await tx
        .insert(products)
        .values({ accountId, title: "Secret", slug: "secret", kind: "download" });
      const [level] = await tx
        .insert(memberships)
        .values({ accountId, name: "Gold", slug: "gold" })
        .returning();
      await tx
        .insert(membershipRules)
        .values({ accountId, membershipId: level!.id, resource: "course", targetId: courses.gold });
      await tx
        .insert(memberMemberships)
        .values({ accountId, membershipId: level!.id, userId: user.id, source: "manual" });
    });
  });
  afterAll(() => db?.dispose());

  test("C6 a product's page: title, description, the sale against the regular price, what it gives, add to cart; kept by the page cache", async () => {
    const visitor = createClient(app, { host, ip: "10.97.1.1" });
    const res = await visitor.request("/product/design-course");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Design course");
    expect(html).toContain("<em>design</em>");
    expect(html).toContain("$29.00");
    expect(html).toContain("$49.00");
    expect(html).toContain('data-testid="add-to-cart"');
    expect(html).toContain('href="/course/design"');
    expect(html).toContain('data-testid="price-option"');
    const again = await visitor.request("/product/design-course");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect((await visitor.request("/product/secret")).status).toBe(404);
    expect((await visitor.request("/product/nothing-here")).status).toBe(404);
  });

  test("C6 a paid course is sold by its cheapest own product; without one it shows its price and no button", async () => {
    const visitor = createClient(app, { host, ip: "10.97.1.2" });
    const sold = await (await visitor.request("/course/design")).text();
    expect(sold).toContain('data-testid="product-buy"');
    expect(sold).toContain('data-testid="add-to-cart"');
    expect(sold).toContain("$29.00");
    const unsold = await (await visitor.request("/course/unsold")).text();
    expect(unsold).toContain('data-testid="course-price"');
    expect(unsold).not.toContain('data-testid="add-to-cart"');
  });

  test("C6 a Gold holder opening a course Gold opens is enrolled (source membership) and continues", async () => {
    const member = createClient(app, { host, ip: "10.97.1.3" });
    const signIn = await member.post("/api/auth/sign-in/email", { email: memberEmail, password });
    expect(signIn.status).toBe(200);
    const page = await (await member.request("/course/gold-course")).text();
    expect(page).not.toContain('data-testid="add-to-cart"');
    const [row] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(enrolments)
        .where(
          and(
            eq(enrolments.accountId, accountId),
            eq(enrolments.courseId, courses.gold),
            eq(enrolments.userId, memberId),
          ),
        ),
    );
    expect(row).toMatchObject({ source: "membership", status: "active" });
    const player = await member.request("/course/gold-course/learn");
    expect(player.status).toBe(302);
  });
});
