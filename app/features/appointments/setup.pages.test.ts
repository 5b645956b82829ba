// Issue 36 the host's appointments setup as a browser reaches it (the production build): the
// screen behind the manager's check and the site's appointments feature, its commands saving
// hours and types with bad input answered 400/409, and the preview of the open times.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { defaultAvailability } from "./availability";

const password = "Appointments-Lantern-Copper-36";
const path = "/dashboard/manage/appointments";

describe.each(logicBackends)("Issue 36 the appointments setup page on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  const hosts = { on: "", off: "" };
  let ip = 0;
  const emails = (site: string) => ({
    owner: `owner-${site}-${backend}@appointments.test`,
    student: `student-${site}-${backend}@appointments.test`,
  });

  async function signedIn(site: "on" | "off", who: "owner" | "student") {
    const client = createClient(app, { host: hosts[site], ip: `10.36.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", {
      email: emails(site)[who],
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    for (const [site, features] of [
      ["on", ["lms", "appointments"]],
      ["off", ["lms"]],
    ] as const) {
      const account = await createAccount(db.database, {
        slug: `appointments${site}${backend}`,
        settings: { plan: "professional", features: [...features], timezone: "America/New_York" },
      });
      hosts[site] = `${account.slug}.localhost`;
      for (const [who, roleName] of [
        ["owner", "site_owner"],
        ["student", "student"],
      ] as const) {
        const user = await createUserWithPassword(db.database, {
          email: emails(site)[who],
          name: `${who} ${site}`,
          password,
        });
        await createMember(db.database, { accountId: account.accountId, roleName, user });
      }
    }
  }, 120_000);
  afterAll(() => db?.dispose());

  test("I36 the setup opens for the site's managers where the appointments feature is on", async () => {
    const owner = await signedIn("on", "owner");
    const page = await owner.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="appointments-setup"');
    // A first suggestion in the site's zone, not yet saved.
    expect(html).toContain("America/New_York");
    expect(html).toContain('data-testid="appointments-not-saved"');
    expect((await (await signedIn("on", "student")).request(path)).status).toBe(403);
    const offOwner = await signedIn("off", "owner");
    expect((await offOwner.request(path)).status).toBe(403);
    // The account menu links the screen only where it opens.
    expect(await (await offOwner.request("/dashboard")).text()).not.toContain(path);
    expect(await (await owner.request("/dashboard")).text()).toContain(path);
    expect((await createClient(app, { host: hosts.on }).request(path)).status).toBe(302);
  });

  test("I36 hours and a type are saved; the preview shows the open times; bad input is refused", async () => {
    const owner = await signedIn("on", "owner");
    const hours = {
      ...defaultAvailability("America/New_York"),
      weekly: Array.from({ length: 7 }, () => [{ start: "10:00", end: "11:00" }]),
      noticeMinutes: 0,
    };
    expect((await owner.post(path, { intent: "availability", ...hours })).status).toBe(200);
    for (const body of [
      { intent: "availability", ...hours, zone: "Mars/Olympus" },
      { intent: "availability", ...hours, weekly: [] },
      { intent: "nothing" },
      { intent: "createType", title: "", slug: "x", durationMinutes: 30 },
      { intent: "createType", title: "X", slug: "Not A Slug", durationMinutes: 30 },
      { intent: "createType", title: "X", slug: "x", durationMinutes: 2 },
      { intent: "setTypeActive", typeId: "nope", active: true },
      [],
    ])
      expect((await owner.post(path, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const form = await owner.request(path, { method: "POST", form: { intent: "availability" } });
    expect([400, 415]).toContain(form.status);
    const type = { intent: "createType", title: "Portfolio review", slug: "portfolio-review" };
    expect((await owner.post(path, { ...type, durationMinutes: 30 })).status).toBe(200);
    expect((await owner.post(path, { ...type, durationMinutes: 30 })).status).toBe(409);
    expect(
      (
        await owner.post(path, {
          intent: "setTypeActive",
          typeId: "00000000-0000-4000-8000-000000000000",
          active: false,
        })
      ).status,
    ).toBe(404);
    const student = await signedIn("on", "student");
    expect((await student.post(path, { intent: "availability", ...hours })).status).toBe(403);
    const html = await (await owner.request(path)).text();
    expect(html).not.toContain('data-testid="appointments-not-saved"');
    expect(html).toContain('data-testid="appointment-type"');
    // 10:00 to 11:00 every day in New York: two half-hour times a day in the preview.
    expect(html.match(/data-testid="appointments-preview-day"/g)?.length).toBeGreaterThanOrEqual(6);
    expect(html).toContain("10:30");
  });
});
