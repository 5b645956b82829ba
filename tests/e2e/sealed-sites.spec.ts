import fs from "node:fs";
import { expect, test, type BrowserContext, type Page } from "./support/test";
import { open } from "./support/page";
import { expectScreen } from "./support/screenshot";
import { startServer, tempDataDir, type RunningServer } from "./support/server";
import { demoPassword, signInFromPage } from "./support/session";

// A server of its own: these tests sign people in and out and change acme's scripts.
let server: RunningServer;
let dataDir: string;
const url = (slug: string, path: string) => `http://${slug}.localhost:${server.port}${path}`;

// One worker runs both tests, in order: its server starts once, not once per worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  dataDir = tempDataDir("sealed");
  server = await startServer({ dataDir });
});
test.afterAll(async () => {
  await server?.stop("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signInWithForm(page: Page, slug: string, email: string) {
  await open(page, url(slug, "/login"));
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(demoPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((target) => !target.pathname.startsWith("/login"));
}

/** Signs in with a fetch from one of the site's pages (no UI needed), waiting out a 429. */
async function signInByFetch(page: Page, slug: string, email: string) {
  await page.goto(url(slug, "/login"));
  await signInFromPage(page, email);
}

async function sessionRows(page: Page, slug: string) {
  await open(page, url(slug, "/dashboard/profile"));
  await expect(
    page.getByRole("heading", { name: "Where you are signed in on this site" }),
  ).toBeVisible();
  return page.getByTestId("session-row").count();
}

const sessionCookie = async (context: BrowserContext, slug: string) =>
  (await context.cookies(url(slug, "/"))).find((cookie) => cookie.name.endsWith("session_token"));

test("A11 one person on demo and acme: signing out of one leaves the other, each lists only its own", async ({
  page,
}) => {
  await signInWithForm(page, "demo", "student@demo.test");
  await signInWithForm(page, "acme", "student@demo.test");
  // Two sites, two sessions: nothing is shared but the person's credentials.
  const demoCookie = await sessionCookie(page.context(), "demo");
  const acmeCookie = await sessionCookie(page.context(), "acme");
  expect(demoCookie?.httpOnly).toBe(true);
  expect(acmeCookie?.value).not.toBe(demoCookie?.value);

  expect(await sessionRows(page, "demo")).toBe(1);
  expect(await sessionRows(page, "acme")).toBe(1);
  await expect(page.getByText("This device")).toBeVisible();
  await expectScreen(page, "profile-sessions-acme");

  // Sign out of demo through its user menu.
  await open(page, url("demo", "/"));
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

  await page.goto(url("demo", "/dashboard/profile"));
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(await sessionRows(page, "acme")).toBe(1);
});

test("A11 an owner script on acme, calling every endpoint with the visitor's cookies, learns nothing of demo or souk", async ({
  browser,
}) => {
  // Acme's owner puts a collecting script into acme's footer scripts (a super-admin is only a
  // member on a site since decision 037, so the site's own owner does it).
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInByFetch(adminPage, "acme", "owner@acme.test");
  const collector = `<script>
  (async () => {
    const seen = [];
    const hosts = ["", ${JSON.stringify(url("demo", ""))}, ${JSON.stringify(url("souk", ""))}];
    const gets = ["/api/auth/get-session", "/api/auth/list-sessions", "/api/account/sessions",
      "/api/account/me", "/api/notifications", "/api/notifications/history", "/dashboard/profile",
      "/dashboard/profile.data", "/api/auth/two-factor/get-totp-uri"];
    const posts = ["/api/auth/list-sessions", "/api/auth/revoke-sessions", "/api/auth/revoke-other-sessions",
      "/api/account/sessions/revoke", "/api/auth/sign-out", "/api/auth/update-user", "/api/auth/get-session"];
    for (const host of hosts) {
      for (const path of gets) {
        try { const r = await fetch(host + path, { credentials: "include" }); seen.push(host + path + " " + r.status + " " + await r.text()); }
        catch (e) { seen.push(host + path + " blocked"); }
      }
      for (const path of posts) {
        for (const body of ['{"others":true}', 'x']) {
          try { const r = await fetch(host + path, { method: "POST", credentials: "include", headers: { "content-type": "text/plain" }, body });
            seen.push(host + path + " " + r.status + " " + await r.text()); }
          catch (e) { seen.push(host + path + " blocked"); }
        }
      }
    }
    seen.push("cookies " + document.cookie);
    window.__collected = seen;
  })();
</script>`;
  const saved = await adminPage.evaluate(async (scripts) => {
    const res = await fetch("/api/site/options/misc", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scripts }),
    });
    return res.status;
  }, collector);
  expect(saved).toBe(200);
  await admin.close();

  // The visitor is signed in on demo, souk and acme.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  for (const slug of ["demo", "souk", "acme"]) await signInByFetch(page, slug, "student@demo.test");
  const secrets: string[] = [];
  for (const slug of ["demo", "souk"]) {
    const cookie = await sessionCookie(visitor, slug);
    secrets.push(cookie!.value, decodeURIComponent(cookie!.value).split(".")[0]!);
    await page.goto(url(slug, "/login"));
    const ids = await page.evaluate(async () => {
      const res = await fetch("/api/account/sessions");
      return ((await res.json()) as { sessions: Array<{ id: string }> }).sessions.map((s) => s.id);
    });
    expect(ids.length).toBeGreaterThan(0);
    secrets.push(...ids);
  }

  await open(page, url("acme", "/"));
  await page.waitForFunction(
    () => Array.isArray((window as { __collected?: unknown }).__collected),
    null,
    {
      timeout: 30_000,
    },
  );
  const collected = (await page.evaluate(
    () => (window as { __collected?: string[] }).__collected,
  ))!;
  // The script did run with the visitor's acme session...
  expect(collected.some((line) => line.startsWith("/api/account/me 200"))).toBe(true);
  // ...and nothing it read names a session of demo or souk, by token or by id.
  const everything = collected.join("\n");
  for (const secret of secrets) expect(everything).not.toContain(secret);
  expect(everything).not.toMatch(/session_token/);

  // Its writes to demo and souk changed nothing: the visitor is still signed in there.
  for (const slug of ["demo", "souk"]) {
    await page.goto(url(slug, "/login"));
    expect(await page.evaluate(async () => (await fetch("/api/account/me")).status)).toBe(200);
  }
  await visitor.close();
});
