// Issue 17 scope 7 (M8): the console's customers and subscriptions screens download the platform
// shop's rows — site owners who bought plans, their plan subscriptions — as CSV, super-admins
// only, following the screen's search and filters; a site's own shop is never in them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PLATFORM_ACCOUNT_ID } from "~/features/accounts/accounts.server";
import { addMember } from "~/features/members/members.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { insertOrder } from "../../../tests/factories/orders";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { preparePlatformBilling } from "./billing.server";

const password = "Ledger-Harbour-Quince-58";

/** A CSV answer's header and rows (its byte order mark checked). */
async function csvOf(res: Response): Promise<{ header: string; rows: string[] }> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = new TextDecoder().decode(bytes).split("\r\n");
  return { header: header!, rows: rows.filter(Boolean) };
}

describe.each(logicBackends)(
  "M8 the console's customers and subscriptions CSV on %s",
  (backend) => {
    let db: TestDatabase;
    let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
    let host = "";
    let ip = 0;
    const people = {
      active: `active-${backend}@lists.test`,
      ended: `ended-${backend}@lists.test`,
      siteBuyer: `buyer-${backend}@lists.test`,
    };

    async function signedIn(email: string, at = host) {
      const client = createClient(app, { host: at, ip: `10.69.0.${++ip}` });
      const res = await client.post("/api/auth/sign-in/email", { email, password });
      expect(res.status, email).toBe(200);
      return client;
    }

    /**
     * The super-admin where the console answers: the base domain once the console lives there
     * (its move is under way), a site's host before.
     */
    async function superAdmin() {
      const home = await signedIn("root@platform.test", "localhost");
      if ((await home.request("/dashboard/billing/customers")).status === 200) return home;
      return signedIn("root@platform.test");
    }

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      await upsertPlanCatalogue(db.database);
      await preparePlatformBilling(db.database);
      app = (await createTestAppWithPages(db.database)).app;
      const site = await createAccount(db.database, { slug: `lists${backend}` });
      host = `${site.slug}.localhost`;
      const users: Record<string, Awaited<ReturnType<typeof createUserWithPassword>>> = {};
      for (const [email, roleName, name] of [
        [`owner-${backend}@lists.test`, "site_owner", "Olive Owner"],
        ["root@platform.test", "student", "Root"],
        [people.active, "student", "=Ada Active"],
        [people.ended, "student", "Eve Ended"],
        [people.siteBuyer, "student", "Sam Sitebuyer"],
      ] as const) {
        const user = await createUserWithPassword(db.database, { email, name, password });
        await createMember(db.database, { accountId: site.accountId, roleName, user });
        users[email] = user;
      }
      await db.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
        for (const [email, title, amount, status] of [
          [people.active, "Professional", 9900, "active"],
          [people.ended, "Starter", 2900, "ended"],
        ] as const) {
          const user = users[email]!;
          // A plan's buyer is a member of the platform's account, as checkout makes them.
          await addMember(tx, { accountId: PLATFORM_ACCOUNT_ID, user });
          await insertOrder(tx, {
            accountId: PLATFORM_ACCOUNT_ID,
            userId: user.id,
            email,
            items: [{ title, amount, billing: "subscription", interval: "month" }],
            subscription: { status },
          });
        }
      });
      await db.database.forAccount(site.accountId, (tx) =>
        insertOrder(tx, {
          accountId: site.accountId,
          userId: users[people.siteBuyer]!.id,
          email: people.siteBuyer,
          items: [{ title: "Pottery monthly", amount: 1900, billing: "subscription" }],
          subscription: { status: "active" },
        }),
      );
    });
    afterAll(() => db?.dispose());

    test("M8 the customers CSV holds the platform's customers (what each spent) and none of the site's; its search narrows it", async () => {
      const root = await superAdmin();
      const res = await root.request("/dashboard/billing/customers.csv");
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename\*=UTF-8''customers-platform-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const { header, rows } = await csvOf(res);
      expect(header).toBe("name,email,orders,spent,last_order_at");
      expect(rows).toHaveLength(2);
      const active = rows.find((row) => row.includes(people.active))!;
      // A name a spreadsheet would run as a formula is written as text.
      expect(active).toMatch(/^"'=Ada Active",/);
      expect(active).toContain(",1,USD 99.00,");
      expect(rows.join("\n")).not.toContain(people.siteBuyer);
      const searched = await csvOf(
        await root.request(`/dashboard/billing/customers.csv?q=${encodeURIComponent("Eve")}`),
      );
      expect(searched.rows).toHaveLength(1);
      expect(searched.rows[0]).toContain(people.ended);
    });

    test("M8 the subscriptions CSV holds the platform's plan subscriptions and follows the status filter", async () => {
      const root = await superAdmin();
      const { header, rows } = await csvOf(
        await root.request("/dashboard/billing/subscriptions.csv"),
      );
      expect(header).toBe(
        "order_number,title,status,provider,name,email,currency,amount,interval,payments_left,current_period_end,cancel_at_period_end",
      );
      expect(rows).toHaveLength(2);
      expect(rows.find((row) => row.includes(people.active))).toMatch(
        /,Professional,active,stripe,.*,USD,99\.00,month,,\d{4}-.*,no$/,
      );
      const text = rows.join("\n");
      expect(text).not.toContain("Pottery monthly");
      const ended = await csvOf(
        await root.request("/dashboard/billing/subscriptions.csv?subscriptionStatus=ended"),
      );
      expect(ended.rows).toHaveLength(1);
      expect(ended.rows[0]).toContain(people.ended);
    });

    test("M8 each console list's button carries its screen's filters (the page left out)", async () => {
      const root = await superAdmin();
      const customers = await (
        await root.request("/dashboard/billing/customers?q=eve&page=2")
      ).text();
      expect(customers).toContain('data-testid="platform-customers-csv"');
      expect(customers).toContain('href="/dashboard/billing/customers.csv?q=eve"');
      expect(customers).toContain("Export customers as CSV");
      const subs = await (
        await root.request("/dashboard/billing/subscriptions?subscriptionStatus=active&page=2")
      ).text();
      expect(subs).toContain('data-testid="platform-subscriptions-csv"');
      expect(subs).toContain(
        'href="/dashboard/billing/subscriptions.csv?subscriptionStatus=active"',
      );
    });

    test("M8 the lists' CSVs are refused to a site's owner and members; signed out, the sign-in", async () => {
      for (const path of [
        "/dashboard/billing/customers.csv",
        "/dashboard/billing/subscriptions.csv",
      ]) {
        for (const email of [`owner-${backend}@lists.test`, people.siteBuyer]) {
          const client = await signedIn(email, host);
          expect([403, 404], `${email} ${path}`).toContain((await client.request(path)).status);
        }
        expect((await createClient(app, { host }).request(path)).status).toBe(302);
      }
    });
  },
);
