import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { roles } from "~/features/members/tables.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { seedReportActivity, type ReportActivity } from "../../../tests/factories/reports";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { addDays } from "./period";
import { todayIn } from "./time-zone";

const password = "Reports-Lantern-Pivot-47";

/** A figure as the screen renders it, from its test id. */
const figure = (html: string, id: string) =>
  html.match(new RegExp(`data-testid="stat-${id}-total"[^>]*>([^<]*)<`))?.[1];

describe.each(logicBackends)("M7 reports pages on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host = "";
  let activity: ReportActivity;
  let ip = 0;
  const now = new Date();
  const email = (who: string) => `${who}-${backend}@reports.test`;

  async function signedIn(who: string) {
    const client = createClient(app, { host, ip: `10.67.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email: email(who), password });
    expect(res.status, who).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, { settings: { currency: "USD" } });
    host = `${account.slug}.localhost`;
    await db.database.forAccount(account.accountId, async (tx) => {
      const [owner] = await tx
        .select({ caps: roles.caps })
        .from(roles)
        .where(and(eq(roles.accountId, account.accountId), eq(roles.name, "site_owner")));
      await tx
        .insert(roles)
        .values({ accountId: account.accountId, name: "manager", caps: owner!.caps });
    });
    for (const role of ["site_owner", "manager", "instructor", "student"]) {
      const user = await createUserWithPassword(db.database, {
        email: email(role),
        name: role,
        password,
      });
      await createMember(db.database, { accountId: account.accountId, roleName: role, user });
    }
    activity = await seedReportActivity(db.database, {
      accountId: account.accountId,
      now,
      days: 40,
    });
    // Another site's activity on the same days.
    const other = await createAccount(db.database);
    await seedReportActivity(db.database, { accountId: other.accountId, now, days: 40 });
  }, 180_000);
  afterAll(() => db?.dispose());

  const viewsSince = (days: number) => {
    const from = addDays(todayIn("UTC", now), 1 - days);
    return activity.pageViews.filter((at) => todayIn("UTC", at) >= from).length;
  };

  test("M7 reports the owner opens /dashboard/reports: cards with the period's totals, 30 days or the chosen preset", async () => {
    const owner = await signedIn("site_owner");
    const res = await owner.request("/dashboard/reports");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="reports-screen"');
    expect(figure(html, "page-views")).toBe(String(viewsSince(30)));
    expect(figure(html, "funnel")).toBe(
      String(
        activity.funnel.filter(({ at }) => todayIn("UTC", at) >= addDays(todayIn("UTC", now), -29))
          .length,
      ),
    );
    expect(html).toContain('href="/dashboard/reports.csv?from=');
    const week = await (await owner.request("/dashboard/reports?period=7d")).text();
    expect(figure(week, "page-views")).toBe(String(viewsSince(7)));
    // An address it cannot read: the default period, said so, never an error.
    const odd = await owner.request("/dashboard/reports?from=2026-13-01&to=x");
    expect(odd.status).toBe(200);
    expect(await odd.text()).toContain('data-testid="report-fell-back"');
  });

  test("M7 reports a member without owner rights gets 403 (a manager with every capability too); no session goes to sign-in", async () => {
    for (const who of ["manager", "instructor", "student"]) {
      const client = await signedIn(who);
      expect((await client.request("/dashboard/reports")).status, who).toBe(403);
      expect((await client.request("/dashboard/reports.csv")).status, who).toBe(403);
    }
    const anonymous = await createClient(app, { host }).request("/dashboard/reports");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectedFrom=%2Fdashboard%2Freports");
  });

  test("M7 reports CSV over HTTP: an attachment of the period's days, 400 for a period it cannot read", async () => {
    const owner = await signedIn("site_owner");
    const to = todayIn("UTC", now);
    const from = addDays(to, -6);
    const res = await owner.request(`/dashboard/reports.csv?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename\\*=UTF-8''reports-.+-${from}-${to}\\.csv$`),
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte order mark first, for spreadsheets to read UTF-8.
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("date,metric,currency,utm_source,value\r\n")).toBe(true);
    const views = text.split("\r\n").filter((line) => line.includes(",page_views,"));
    expect(views).toHaveLength(7);
    expect(views.reduce((sum, line) => sum + Number(line.split(",").at(-1)), 0)).toBe(
      viewsSince(7),
    );
    const bad = await owner.request("/dashboard/reports.csv?from=2026-05-01&to=2026-04-01");
    expect(bad.status).toBe(400);
  });
});
