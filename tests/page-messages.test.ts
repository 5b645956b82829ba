import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import type { LanguageCode } from "~/platform/i18n/languages";
import { messagesFor } from "~/platform/i18n/messages.server";
import { messageAreas, type MessageArea } from "~/platform/i18n/area-messages.server";
import { createAccount, createMember, createUserWithPassword } from "./factories";
import { createClient } from "./support/http-client";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestAppWithPages } from "./support/test-server";

/*
 * I12: a page's hydration data carries its routes' share of the catalogue, not the catalogue.
 * What a page carries is read from React Router's stream in the HTML (an application's page) or
 * from its islands' page data (a site's public page, decision 048): every string in them.
 */

const password = "Catalogue-Lantern-Fjord-62";

/** Every string of the page's hydration data (React Router's turbo-stream, in script tags). */
function carriedStrings(html: string): Set<string> {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );
  const strings = chunks.join("").matchAll(/"(?:[^"\\]|\\.)*"/g);
  const carried = new Set([...strings].map((match) => JSON.parse(match[0]) as string));
  const islandPage = /<script type="application\/json" id="island-page"[^>]*>(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  if (islandPage)
    for (const text of texts(JSON.parse(islandPage).messages).values()) carried.add(text);
  return carried;
}

/** Every text of a catalogue, by its dotted key. */
function texts(node: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of texts(value, name)) out.set(k, v);
  }
  return out;
}

const inAreas = (areas: MessageArea[], key: string) =>
  areas.some((area) =>
    messageAreas[area].some((part) => key === part || key.startsWith(`${part}.`)),
  );

/**
 * What a page carries of the catalogue of `lang`: every text of its areas, and no text of any
 * other part (texts long enough not to be a menu label or a word of the site's own content),
 * but those its loader put into its data as finished text (`serverTexts`, such as SEO tags).
 */
function expectCarries(
  html: string,
  lang: LanguageCode,
  areas: MessageArea[],
  serverTexts: string[] = [],
) {
  const carried = carriedStrings(html);
  const catalogue = texts(messagesFor(lang));
  const own = [...catalogue].filter(([key]) => inAreas(areas, key));
  expect(own.length).toBeGreaterThan(0);
  for (const [key, text] of own) expect(carried.has(text), `${lang} ${key} is missing`).toBe(true);
  const ownTexts = new Set(own.map(([, text]) => text));
  const foreign = [...catalogue].filter(
    ([key, text]) =>
      !inAreas(areas, key) &&
      !serverTexts.some((part) => key.startsWith(`${part}.`)) &&
      !ownTexts.has(text) &&
      text.length >= 12 &&
      !key.startsWith("accountDefaults."),
  );
  expect(foreign.filter(([, text]) => carried.has(text)).map(([key]) => key)).toEqual([]);
  return { carried: own.length, catalogue: catalogue.size };
}

describe.each(logicBackends)("I12 each page carries only its areas' strings on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  const owner = `owner-${backend}@catalogue.test`;
  const hosts = { demo: `demo${backend}.localhost`, souk: `souk${backend}.localhost` };

  const page = async (host: string, path: string, client = createClient(app, { host })) => {
    const res = await client.request(path);
    expect(res.status, `${host}${path}`).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const demo = await createAccount(db.database, { slug: `demo${backend}` });
    await createAccount(db.database, {
      slug: `souk${backend}`,
      settings: { defaultLanguage: "ar" },
    });
    const user = await createUserWithPassword(db.database, {
      email: owner,
      name: "Owner",
      password,
    });
    await createMember(db.database, { accountId: demo.accountId, roleName: "site_owner", user });
  });
  afterAll(() => db?.dispose());

  test("I12 an anonymous visit of a site's home carries the frame and home strings, nothing of the dashboard or settings", async () => {
    const html = await page(hosts.demo, "/");
    const share = expectCarries(html, "en", ["everyPage", "siteFrame", "siteContent"]);
    expect(share.carried).toBeLessThan(share.catalogue / 10);
    const english = messagesFor("en") as {
      dashboard: { tour: { welcome: string } };
      siteSettings: { theme: { intro: string } };
    };
    expect(html).not.toContain(english.dashboard.tour.welcome);
    expect(html).not.toContain(english.siteSettings.theme.intro);
  });

  test("I12 an Arabic site's pages carry the same strings in Arabic", async () => {
    expectCarries(await page(hosts.souk, "/"), "ar", ["everyPage", "siteFrame", "siteContent"]);
    expectCarries(await page(hosts.souk, "/login"), "ar", ["everyPage", "siteFrame", "siteAuth"]);
  });

  test("I12 the platform's home and pricing carry the platform's frame and their own page's strings", async () => {
    expectCarries(
      await page("localhost", "/"),
      "en",
      ["everyPage", "platformFrame", "platformHome"],
      ["platform.meta.home"],
    );
    expectCarries(
      await page("localhost", "/pricing"),
      "en",
      ["everyPage", "platformFrame", "platformPricing"],
      ["platform.meta.pricing"],
    );
  });

  test("I12 the dashboard brings its shell's strings, and the theme screen its editor's", async () => {
    const client = createClient(app, { host: hosts.demo, ip: "10.71.0.1" });
    const signIn = await client.post("/api/auth/sign-in/email", { email: owner, password });
    expect(signIn.status).toBe(200);
    expectCarries(await page(hosts.demo, "/dashboard", client), "en", [
      "everyPage",
      "siteFrame",
      "dashboardShell",
      "dashboardHome",
    ]);
    expectCarries(await page(hosts.demo, "/dashboard/manage/site/theme", client), "en", [
      "everyPage",
      "siteFrame",
      "dashboardShell",
      "siteThemePage",
    ]);
  });
});
