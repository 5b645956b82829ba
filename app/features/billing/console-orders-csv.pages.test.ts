// Issue 17 scope 7 (M8): the console's orders screen downloads the platform shop's orders — the
// plans site owners bought — as the site shops' CSV, for super-admins, with the screen's query.
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

/** The rows of a CSV answer after its header (the byte order mark and header checked). */
async function csvRows(res: Response): Promise<string[]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = new TextDecoder().decode(bytes).split("\r\n");
  expect(header).toMatch(/^number,created_at,status,provider,name,email,items,/);
  return rows.filter(Boolean);
}

describe.each(logicBackends)("M8 the console's orders CSV on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let ip = 0;
  /** Plan buyers (the platform's customers) and a buyer in the site's own shop. */
  const people = {
    paid: `paid-${backend}@ledger.test`,
    refunded: `refunded-${backend}@ledger.test`,
    siteBuyer: `buyer-${backend}@ledger.test`,
  };

  /** Signed in on the site; the super-admin on the base domain, the console's host. */
  async function signedIn(email: string, at = email === "root@platform.test" ? "localhost" : host) {
    const client = createClient(app, { host: at, ip: `10.68.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    await preparePlatformBilling(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, { slug: `ledger${backend}` });
    host = `${site.slug}.localhost`;
    const users: Record<string, Awaited<ReturnType<typeof createUserWithPassword>>> = {};
    for (const [email, roleName] of [
      [`owner-${backend}@ledger.test`, "site_owner"],
      // SUPER_ADMIN_EMAILS of the test app.
      ["root@platform.test", "student"],
      [people.siteBuyer, "student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: roleName, password });
      await createMember(db.database, { accountId: site.accountId, roleName, user });
      users[email] = user;
    }
    const owner = users[`owner-${backend}@ledger.test`]!;
    const ownerId = owner.id;
    await db.database.forAccount(PLATFORM_ACCOUNT_ID, async (tx) => {
      // A plan's buyer is a member of the platform's account, as checkout makes them.
      await addMember(tx, { accountId: PLATFORM_ACCOUNT_ID, user: owner });
      await insertOrder(tx, {
        accountId: PLATFORM_ACCOUNT_ID,
        userId: ownerId,
        email: people.paid,
        items: [
          { title: "Professional", amount: 9900, billing: "subscription", interval: "month" },
        ],
      });
      await insertOrder(tx, {
        accountId: PLATFORM_ACCOUNT_ID,
        userId: ownerId,
        email: people.refunded,
        status: "refunded",
        items: [{ title: "Starter", amount: 2900, billing: "subscription", interval: "month" }],
      });
    });
    await db.database.forAccount(site.accountId, (tx) =>
      insertOrder(tx, {
        accountId: site.accountId,
        userId: users[people.siteBuyer]!.id,
        email: people.siteBuyer,
        items: [{ title: "Pottery for beginners", amount: 4900 }],
      }),
    );
  });
  afterAll(() => db?.dispose());

  test("M8 the console's orders CSV holds the platform's orders and none of the site's", async () => {
    const root = await signedIn("root@platform.test");
    const res = await root.request("/dashboard/billing/orders.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename\*=UTF-8''orders-platform-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const rows = await csvRows(res);
    expect(rows).toHaveLength(2);
    expect(rows.some((row) => row.includes(people.paid) && row.includes("Professional"))).toBe(
      true,
    );
    expect(rows.some((row) => row.includes(people.refunded) && row.includes("Starter"))).toBe(true);
    const text = rows.join("\n");
    expect(text).not.toContain(people.siteBuyer);
    expect(text).not.toContain("Pottery for beginners");

    // The site's own CSV, for its owner, is the other way round.
    const owner = await signedIn(`owner-${backend}@ledger.test`);
    const site = (await csvRows(await owner.request("/dashboard/orders.csv"))).join("\n");
    expect(site).toContain(people.siteBuyer);
    expect(site).not.toContain(people.paid);
  });

  test("M8 the console's orders CSV follows the screen's search and filters, and its button carries them", async () => {
    const root = await signedIn("root@platform.test");
    const refunded = await csvRows(
      await root.request("/dashboard/billing/orders.csv?status=refunded"),
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toContain(people.refunded);
    const searched = await csvRows(
      await root.request(`/dashboard/billing/orders.csv?q=${encodeURIComponent(people.paid)}`),
    );
    expect(searched).toHaveLength(1);
    expect(searched[0]).toContain(people.paid);
    expect(
      await csvRows(
        await root.request("/dashboard/billing/orders.csv?from=2000-01-01&to=2000-01-31"),
      ),
    ).toEqual([]);

    // The screen's button downloads what the screen shows (its page and drawer left out).
    const screen = await root.request("/dashboard/billing/orders?q=paid&status=fulfilled&page=2");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('data-testid="platform-orders-csv"');
    expect(html).toContain('href="/dashboard/billing/orders.csv?q=paid&amp;status=fulfilled"');
    expect(html).toContain("Export orders as CSV");
    // Customers and subscriptions have no export.
    for (const path of ["customers", "subscriptions"]) {
      const other = await (await root.request(`/dashboard/billing/${path}`)).text();
      expect(other, path).not.toContain("platform-orders-csv");
    }
  });

  test("M8 the console's orders CSV is not on a site, for its owner, members and a super-admin signed in there; signed out, the sign-in", async () => {
    for (const email of [`owner-${backend}@ledger.test`, people.siteBuyer, "root@platform.test"]) {
      const client = await signedIn(email, host);
      expect((await client.request("/dashboard/billing/orders.csv")).status, email).toBe(404);
    }
    const anonymous = await createClient(app, { host }).request("/dashboard/billing/orders.csv");
    expect(anonymous.status).toBe(302);
  });
});
