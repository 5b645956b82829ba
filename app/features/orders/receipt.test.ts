import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberships } from "~/features/memberships/tables.server";
import { createMailer, readOutbox } from "~/platform/mail/mail.server";
import { createAccount, createCourse, createMember, createUser } from "../../../tests/factories";
import { createGrantingProduct, createOrder } from "../../../tests/factories/orders";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { renderReceipt, sendReceipt } from "./receipt.server";

describe.each(logicBackends)("issue 16 scope 5: the receipt e-mail on %s", (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  }, 60_000);
  afterAll(() => db?.dispose());

  async function shop(settings: Record<string, unknown>, email: string) {
    const account = await createAccount(db.database, { settings });
    const user = await createUser(db.database, { email, name: "Ana <b>Buyer</b>" });
    await createMember(db.database, { accountId: account.accountId, roleName: "student", user });
    const course = await createCourse(db.database, {
      accountId: account.accountId,
      title: "Clay & <Glaze>",
      slug: "clay-glaze",
    });
    const [level] = await db.database.forAccount(account.accountId, (tx) =>
      tx
        .insert(memberships)
        .values({ accountId: account.accountId, name: "Studio Gold", slug: `gold-${Date.now()}` })
        .returning(),
    );
    const product = await createGrantingProduct(db.database, {
      accountId: account.accountId,
      title: "Clay bundle",
      courseIds: [course.id],
      membershipIds: [level!.id],
    });
    return { account, user, product };
  }

  test("a fulfilled order's receipt: number, lines, coupon discount, total, what it unlocked, its links; HTML escaped", async () => {
    const { account, user, product } = await shop(
      { sitetitle: "Pottery <School>", currency: "USD" },
      `ana-${backend}@receipt.test`,
    );
    const { order } = await createOrder(db.database, {
      accountId: account.accountId,
      userId: user.id,
      email: user.email,
      coupon: "SPRING20",
      discount: 1200,
      items: [
        { title: "Clay bundle", amount: 5000, productId: product.id },
        { title: "Apron <XL>", amount: 500, quantity: 2 },
      ],
    });
    const mailer = createMailer({ database: db.database, from: "shop@test" });
    const sent = await sendReceipt(
      { database: db.database, mailer },
      { accountId: account.accountId, orderId: order.id, origin: "https://pottery.example" },
    );
    expect(sent).toBe(true);
    const [mail] = await readOutbox(db.database, { to: user.email });
    expect(mail!.site).toBe("pottery.example");
    expect(mail!.subject).toBe(`Your receipt for order #${order.number} — Pottery <School>`);
    const text = mail!.textBody;
    expect(text).toContain(`Here is the receipt of order #${order.number}`);
    expect(text).toContain("- Clay bundle: $50.00");
    expect(text).toContain("- Apron <XL> × 2: $10.00");
    expect(text).toContain("Subtotal: $60.00");
    expect(text).toContain("Discount (SPRING20): −$12.00");
    expect(text).toContain("Total: $48.00");
    expect(text).toContain("- Course: Clay & <Glaze> (https://pottery.example/course/clay-glaze)");
    expect(text).toContain("- Membership: Studio Gold");
    expect(text).toContain(`https://pottery.example/thankyou?order=${order.id}`);
    expect(text).toContain(`https://pottery.example/api/orders/${order.id}/invoice.pdf`);
    const html = mail!.htmlBody;
    expect(html).toContain("Pottery &lt;School&gt;");
    expect(html).toContain("Apron &lt;XL&gt; × 2");
    expect(html).toContain("Course: Clay &amp; &lt;Glaze&gt;");
    expect(html).not.toContain("<Glaze>");
    expect(html).not.toContain("<XL>");
    expect(html).toContain(`href="https://pottery.example/thankyou?order=${order.id}"`);
    expect(html).toContain('<html lang="en" dir="ltr">');
  });

  test("in the site's language (Arabic, right to left), with the site's own address when no origin is given", async () => {
    const { account, user, product } = await shop(
      { sitetitle: "مدرسة", defaultLanguage: "ar" },
      `sami-${backend}@receipt.test`,
    );
    const { order } = await createOrder(db.database, {
      accountId: account.accountId,
      userId: user.id,
      email: user.email,
      currency: "EGP",
      items: [{ title: "Clay bundle", amount: 25_000, productId: product.id }],
    });
    const mailer = createMailer({ database: db.database, from: "shop@test" });
    await sendReceipt(
      {
        database: db.database,
        mailer,
        siteAddress: { baseDomain: "lyceum.test", like: "https://x" },
      },
      { accountId: account.accountId, orderId: order.id },
    );
    const [mail] = await readOutbox(db.database, { to: user.email });
    expect(mail!.subject).toContain(`إيصالك للطلب رقم ${order.number}`);
    expect(mail!.htmlBody).toContain('<html lang="ar" dir="rtl">');
    expect(mail!.textBody).toContain(
      `https://${account.slug}.lyceum.test/thankyou?order=${order.id}`,
    );
  });

  test("nothing is sent for an order that was never paid, or is not there", async () => {
    const { account, user } = await shop({}, `ben-${backend}@receipt.test`);
    const { order } = await createOrder(db.database, {
      accountId: account.accountId,
      userId: user.id,
      email: user.email,
      status: "pending",
      provider: "offline",
    });
    const mailer = createMailer({ database: db.database, from: "shop@test" });
    const deps = { database: db.database, mailer };
    expect(await sendReceipt(deps, { accountId: account.accountId, orderId: order.id })).toBe(
      false,
    );
    expect(
      await sendReceipt(deps, {
        accountId: account.accountId,
        orderId: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
      }),
    ).toBe(false);
    expect(await readOutbox(db.database, { to: user.email })).toEqual([]);
  });

  test("C6 a trial's receipt shows nothing charged today and what is due when the trial ends", async () => {
    const { account } = await shop({ currency: "USD" }, `cy-${backend}@receipt.test`);
    const mail = renderReceipt({
      account,
      origin: "https://shop.test",
      order: {
        id: "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c",
        number: 7,
        createdAt: new Date("2026-11-24T10:00:00Z"),
        currency: "USD",
        subtotal: 1900,
        discount: 0,
        coupon: null,
        total: 0,
        dueLater: 1900,
      },
      lines: [{ title: "Gold monthly", quantity: 1, amount: 1900 }],
      unlocked: { courses: [], memberships: [], downloads: [] },
    });
    expect(mail.text).toContain("Total: $0.00");
    expect(mail.text).toContain("Due when the free trial ends: $19.00");
    expect(mail.html).toContain("Due when the free trial ends");
  });
});
