import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { menusOption } from "~/features/menus/menus";
import { miscOption } from "~/features/site/site";
import { themeOption } from "~/features/theme/theme";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUserWithPassword } from "../../../tests/factories/index";
import { createClient, lastMailLink, mailCount } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { users } from "~/features/auth/tables.server";
import { loadMembership } from "~/features/members/members.server";
import { getSiteOptions } from "~/features/options/options.server";
import { getPage } from "~/features/pages/pages.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { listLatestPosts } from "~/features/posts/posts.server";
import { findAccountForSlug } from "~/features/accounts/accounts.server";
import { signUpAccount } from "./account-sign-up.server";
import { roles } from "~/features/members/tables.server";
import { eq } from "drizzle-orm";

const strong = "Maple-Harbour-Lantern-42";
let counter = 0;
const unique = () => `${Date.now().toString(36)}${counter++}`;
let lastOctet = 1;
const freshIp = () => `10.30.${Math.floor(lastOctet / 250)}.${(lastOctet++ % 250) + 1}`;

describe.each(logicBackends)("P20 account sign-up on the platform on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    ({ app, services } = createTestApp(db.database));
  });
  afterAll(() => db?.dispose());

  const platform = (ip = freshIp()) => createClient(app, { host: "localhost", ip });
  const form = (overrides: Record<string, unknown> = {}) => {
    const id = unique();
    return {
      siteName: `School ${id}`,
      slug: `school-${id}`,
      name: "Grace Hopper",
      email: `grace-${id}@example.test`,
      password: strong,
      plan: "professional",
      language: "en",
      ...overrides,
    };
  };
  const userExists = async (_database: unknown, email: string) =>
    (await db.database.owner.select().from(users).where(eq(users.email, email))).length > 0;
  const accountCount = async () =>
    Number(
      (await db.database.owner.execute<{ n: number }>("select count(*)::int as n from accounts"))
        .rows[0]!.n,
    );

  test("P20 sign-up creates the account, default roles, the owner as site_owner and default content", async () => {
    const input = form();
    const res = await platform().post("/api/platform/sign-up", input);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      status: "created",
      slug: input.slug,
      siteUrl: `http://${input.slug}.localhost/`,
      verifyEmail: true,
    });
    expect(body.loginUrl).toBe(
      `http://${input.slug}.localhost/login?email=${encodeURIComponent(input.email)}&welcome=verify`,
    );

    const account = await findAccountForSlug(db.database, input.slug);
    expect(account?.settings).toMatchObject({
      sitetitle: input.siteName,
      plan: "professional",
      defaultLanguage: "en",
      features: ["lms", "groups", "appointments", "single_session"],
    });
    const accountId = account!.accountId;
    const roleNames = await db.database.forAccount(accountId, (tx) =>
      tx.select({ name: roles.name }).from(roles).where(eq(roles.accountId, accountId)),
    );
    expect(roleNames.map((r) => r.name).sort()).toEqual([
      "instructor",
      "parent",
      "site_owner",
      "student",
    ]);

    const options = await db.database.forAccount(accountId, (tx) =>
      getSiteOptions(tx, {
        accountId,
        options: [menusOption, headerOption, footerOption, themeOption, miscOption],
      }),
    );
    expect(options.menus?.header.map((item) => item.item_url)).toEqual([
      "/",
      "/course",
      "/blog",
      "/about",
    ]);
    expect(options.footer?.footer_columns[0]?.title).toBe(input.siteName);
    expect(options.theme?.primaryColor).toBe("indigo");
    const posts = await listLatestPosts(db.database, { accountId });
    expect(posts.map((post) => post.title)).toEqual([`Welcome to ${input.siteName}`]);
    const about = await getPage(db.database, { accountId, slug: "about" });
    expect(about?.html.match(/<(h[1-3]|p)\b/g)?.length).toBeGreaterThan(1);

    // The owner: a new person, verified by the mailed link, which opens the new site signed in.
    const link = new URL(await lastMailLink(db.database, input.email));
    expect(link.host).toBe(`${input.slug}.localhost`);
    expect(link.pathname).toBe("/api/auth/verify-email");
    const owner = createClient(app, { host: `${input.slug}.localhost`, ip: freshIp() });
    expect((await owner.request(link.pathname + link.search)).status).toBe(302);
    const me = await (await owner.request("/api/account/me")).json();
    expect(me.user).toMatchObject({ name: "Grace Hopper", email: input.email });
    expect(me.membership).toMatchObject({ role: "site_owner", accountId });
    const membership = await loadMembership(db.database, { accountId, userId: me.user.id });
    expect(membership?.caps).toContain("manage_options");
    // Signing in later with the chosen password works on the new site too.
    const later = createClient(app, { host: `${input.slug}.localhost`, ip: freshIp() });
    const signIn = await later.post("/api/auth/sign-in/email", {
      email: input.email,
      password: strong,
    });
    expect(signIn.status).toBe(200);
  });

  test("P20 V4 a new site's default content is in the language chosen for it", async () => {
    const input = form({ language: "fr", siteName: "École du Lac" });
    expect((await platform().post("/api/platform/sign-up", input)).status).toBe(201);
    const account = await findAccountForSlug(db.database, input.slug);
    expect(account?.settings.defaultLanguage).toBe("fr");
    const posts = await listLatestPosts(db.database, { accountId: account!.accountId });
    expect(posts[0]?.title).toBe("Bienvenue sur École du Lac");
    const about = await getPage(db.database, { accountId: account!.accountId, slug: "about" });
    expect(about?.title).toBe("À propos de nous");
    const mail = await lastMailLink(db.database, input.email);
    expect(new URL(mail).host).toBe(`${input.slug}.localhost`);
  });

  test("P2 P20 a new site answers at once, even right after its host was looked up as unknown", async () => {
    const input = form();
    const visitor = createClient(app, { host: `${input.slug}.localhost`, ip: freshIp() });
    expect((await visitor.request("/api/account/me")).status).toBe(404);
    expect((await platform().post("/api/platform/sign-up", input)).status).toBe(201);
    const again = await visitor.request("/api/account/me");
    expect(again.status).toBe(401);
  });

  test("P20 a taken slug is refused with the catalogue error and nothing is created", async () => {
    const first = form();
    expect((await platform().post("/api/platform/sign-up", first)).status).toBe(201);
    const before = await accountCount();
    const second = form({ slug: first.slug });
    const res = await platform().post("/api/platform/sign-up", second);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { code: "accounts.slugTaken", message: "This site address is taken" },
    });
    expect(await accountCount()).toBe(before);
    expect(await userExists(db.database, second.email)).toBe(false);
    const check = await (
      await platform().request(`/api/platform/slug-check?slug=${first.slug}`)
    ).json();
    expect(check).toEqual({ slug: first.slug, available: false, reason: "taken" });
  });

  test("P20 reserved and malformed slugs are refused", async () => {
    for (const slug of ["www", "api", "admin", "app"]) {
      const res = await platform().post("/api/platform/sign-up", form({ slug }));
      expect(res.status, slug).toBe(400);
      expect((await res.json()).error.code, slug).toBe("accounts.slugReserved");
    }
    for (const slug of ["-bad", "has space", "UPPER_case", "a.b", "xy", "x".repeat(64)]) {
      const res = await platform().post("/api/platform/sign-up", form({ slug }));
      expect(res.status, slug).toBe(400);
      const error = (await res.json()).error;
      expect(error.code, slug).toBe("request.invalid");
      expect(error.details[0].path, slug).toBe("slug");
    }
    const check = await (await platform().request("/api/platform/slug-check?slug=admin")).json();
    expect(check.reason).toBe("reserved");
    const free = await (await platform().request("/api/platform/slug-check?slug=free-one")).json();
    expect(free).toEqual({ slug: "free-one", available: true, reason: null });
  });

  test("P20 a weak password is refused with reasons and nothing is created", async () => {
    const before = await accountCount();
    const input = form({ password: "password123" });
    const res = await platform().post("/api/platform/sign-up", input);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "auth.weakPassword", details: { reasons: ["common"] } },
    });
    expect(await accountCount()).toBe(before);
    expect(await findAccountForSlug(db.database, input.slug)).toBeUndefined();
    expect(await userExists(db.database, input.email)).toBe(false);
  });

  test("P20 an unknown plan is refused; the plan defaults to Starter", async () => {
    const res = await platform().post("/api/platform/sign-up", form({ plan: "gold" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("accounts.unknownPlan");
    const { plan: _plan, ...withoutPlan } = form();
    expect((await platform().post("/api/platform/sign-up", withoutPlan)).status).toBe(201);
    const account = await findAccountForSlug(db.database, withoutPlan.slug);
    expect(account?.settings.plan).toBe("starter");
  });

  test("A6 P20 a person who already signs in elsewhere owns the new site only with their password", async () => {
    const email = `existing-${unique()}@example.test`;
    const person = await createUserWithPassword(db.database, { email, password: strong });
    const wrong = await platform().post(
      "/api/platform/sign-up",
      form({ email, password: "Another-Long-Passphrase-77" }),
    );
    expect(wrong.status).toBe(409);
    expect((await wrong.json()).error.code).toBe("auth.emailInUse");

    const input = form({ email });
    const res = await platform().post("/api/platform/sign-up", input);
    expect(res.status).toBe(201);
    expect((await res.json()).verifyEmail).toBe(false);
    const account = await findAccountForSlug(db.database, input.slug);
    const membership = await loadMembership(db.database, {
      accountId: account!.accountId,
      userId: person.id,
    });
    expect(membership?.role).toBe("site_owner");
    // They get a "your site is ready" mail pointing at the new site's sign-in.
    expect(await mailCount(db.database, email)).toBe(1);
    expect(await lastMailLink(db.database, email)).toBe(`http://${input.slug}.localhost/login`);
  });

  test("P20 when writing the site fails, neither the account nor its new owner remain", async () => {
    const input = form();
    const attempt = signUpAccount(
      {
        database: db.database,
        auth: services.auth,
        mailer: services.mailer,
        logger: services.logger,
        baseDomain: "localhost",
        headers: new Headers(),
        facts: {
          clientIp: freshIp(),
          origin: "http://localhost",
          linkOrigin: "http://localhost",
          accountId: null,
          siteName: "Lyceum",
          lang: "en",
        },
        content: async () => {
          throw new Error("disk full");
        },
      },
      input,
    );
    await expect(attempt).rejects.toThrow("disk full");
    expect(await findAccountForSlug(db.database, input.slug)).toBeUndefined();
    expect(await userExists(db.database, input.email)).toBe(false);
  });

  test("P20 account sign-up exists on the platform's domain only, and is rate-limited per address", async () => {
    await createUserWithPassword(db.database, {
      email: `x-${unique()}@example.test`,
      password: strong,
    });
    const onSite = createClient(app, { host: "nowhere.localhost", ip: freshIp() });
    expect((await onSite.post("/api/platform/sign-up", form())).status).toBe(404);
    const client = platform();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await client.post("/api/platform/sign-up", form({ slug: "www" }))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
