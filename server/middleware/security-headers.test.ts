import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildTheme } from "~/features/theme/mantine-theme";
import {
  createAccount,
  createMember,
  createUserWithPassword,
  setOption,
} from "../../tests/factories";
import { createClient } from "../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { createTestApp, createTestAppWithPages } from "../../tests/support/test-server";
import { createApp } from "../app";
import {
  checkoutSources,
  storageSources,
  contentSecurityPolicy,
  createNonce,
  policyKind,
  securityHeadersFor,
  servedOverHttps,
} from "./security-headers";

const password = "Header-Lantern-Orchid-42";
const ownerScript = '<script>document.documentElement.dataset.ownerScript = "1";</script>';
const fontBreakout = "x}</style><script>window.__xss=1</script><style>";

/** The headers OWASP's secure headers project asks for, with the value each must have. */
const owaspHeaders = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "x-permitted-cross-domain-policies": "none",
};

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get("content-security-policy"), what).toBeTruthy();
  for (const [name, value] of Object.entries(owaspHeaders)) {
    expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
  }
  expect(res.headers.get("permissions-policy"), what).toContain("camera=()");
  expect(res.headers.get("cross-origin-resource-policy"), what).toMatch(/^(same|cross)-origin$/);
}

/** The nonce a response's policy names (none for non-HTML answers). */
const headerNonce = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];

const scriptSrc = (res: Response) =>
  /script-src ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";

/** Every <script> of a page carries exactly this nonce (none is left unmarked or stale). */
function expectEveryScriptNonced(html: string, nonce: string) {
  // JSON-LD is a data block: browsers never run it, and CSP does not apply to it.
  const tags = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => tag !== '<script type="application/ld+json">',
  );
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
}

describe("A11 policies and headers, without a server", () => {
  test("A11 the public policy lets the owner's scripts load through 'strict-dynamic'; the strict one never", () => {
    const nonce = createNonce();
    const pub = contentSecurityPolicy({ kind: "public", nonce, host: "demo.localhost" });
    expect(pub).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
    const strict = contentSecurityPolicy({ kind: "strict", nonce, host: "demo.localhost" });
    expect(strict).toContain(`script-src 'nonce-${nonce}' 'self';`);
    expect(strict).not.toContain("strict-dynamic");
    for (const policy of [pub, strict]) {
      expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("connect-src 'self' ws://demo.localhost wss://demo.localhost");
    }
    expect(contentSecurityPolicy({ kind: "resource", nonce, host: null })).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  test.each([
    ["/dashboard", "strict"],
    ["/dashboard/manage/site/theme", "strict"],
    ["/login", "strict"],
    ["/login/reset-password", "strict"],
    ["/signup", "strict"],
    ["/checkout", "strict"],
    ["/course/robotics/checkout", "strict"],
    ["/", "public"],
    ["/blog/a-post", "public"],
    ["/logins-explained", "public"],
  ] as const)("A11 an account's page %s gets the %s policy", (pathname, kind) => {
    expect(policyKind({ contentType: "text/html", path: pathname, accountSite: true })).toBe(kind);
  });

  test("C5 C7 /checkout and /dashboard/billing alone may load Razorpay's Checkout script and its modal's frame", () => {
    const env = { RAZORPAY_CHECKOUT_JS_URL: "https://checkout.razorpay.com/v1/checkout.js" };
    const nonce = createNonce();
    const extra = checkoutSources(env, "/checkout");
    const policy = contentSecurityPolicy({ kind: "strict", nonce, host: "demo.localhost", extra });
    expect(policy).toContain(`script-src 'nonce-${nonce}' 'self' https://checkout.razorpay.com;`);
    expect(policy).toContain(
      "frame-src 'self' https://checkout.razorpay.com https://api.razorpay.com;",
    );
    expect(policy).not.toContain("strict-dynamic");
    expect(checkoutSources(env, "/dashboard/billing")).toEqual(extra);
    for (const other of [
      "/checkout/x",
      "/dashboard",
      "/",
      "/checkout.data",
      "/thankyou",
      "/dashboard/billing/orders",
      "/dashboard/billing.data",
    ])
      expect(checkoutSources(env, other)).toBeUndefined();
    const fake = checkoutSources(
      { RAZORPAY_CHECKOUT_JS_URL: "http://127.0.0.1:4103/v1/checkout.js" },
      "/checkout",
    );
    expect(fake).toEqual({
      script: ["http://127.0.0.1:4103"],
      frame: ["http://127.0.0.1:4103", "https://api.razorpay.com"],
    });
  });

  test("I37 a store reached over plain http may serve media through its signed addresses", () => {
    const nonce = createNonce();
    const policy = (S3_PUBLIC_URL?: string) =>
      contentSecurityPolicy({
        kind: "public",
        nonce,
        host: "demo.localhost",
        extra: storageSources({ S3_PUBLIC_URL }),
      });
    expect(policy("http://127.0.0.1:9000/lyceum")).toContain(
      "media-src 'self' https: blob: http://127.0.0.1:9000;",
    );
    // An https store is covered by https: already; without one nothing is added.
    expect(policy("https://files.example.com")).toContain("media-src 'self' https: blob:;");
    expect(policy()).toContain("media-src 'self' https: blob:;");
  });

  test("A11 the platform's pages are strict and anything not HTML gets the resource policy", () => {
    expect(policyKind({ contentType: "text/html", path: "/", accountSite: false })).toBe("strict");
    for (const type of ["application/json", "text/plain", "image/svg+xml", "", "text/x-script"]) {
      expect(policyKind({ contentType: type, path: "/", accountSite: true })).toBe("resource");
    }
  });

  test("A11 I12 nonces are fresh 128-bit values, across refills of the random pool", () => {
    // 1,000 nonces draw the 256-nonce pool four times over.
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  test("A11 Strict-Transport-Security only where the site is served over HTTPS", () => {
    expect(servedOverHttps({ NODE_ENV: "production", BASE_DOMAIN: "lyceum.example" })).toBe(true);
    expect(servedOverHttps({ NODE_ENV: "production", BASE_DOMAIN: "localhost" })).toBe(false);
    expect(servedOverHttps({ NODE_ENV: "development", BASE_DOMAIN: "lyceum.example" })).toBe(false);
    const base = { kind: "public" as const, nonce: "n", host: null, path: "/" };
    expect(securityHeadersFor({ ...base, https: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeadersFor({ ...base, https: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
  });

  test("A11 a theme font with </style> never reaches Mantine's <style>, whatever is stored", () => {
    const theme = buildTheme({ fontFamily: fontBreakout, headingsFontFamily: fontBreakout });
    expect(theme.fontFamily).not.toContain("</style>");
    expect(theme.headings?.fontFamily).not.toContain("</style>");
    expect(buildTheme({ primaryColor: "x}</style>" as never }).primaryColor).toBe("blue");
    expect(buildTheme({ fontFamily: "Georgia, serif" }).fontFamily).toBe("Georgia, serif");
  });
});

describe.each(logicBackends)("A11 security headers on every response on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host: string;
  let ip = 0;
  const visitor = () => createClient(app, { host, ip: `10.88.0.${++ip}` });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, { slug: `headers${backend}` });
    host = `${account.slug}.localhost`;
    const accountId = account.accountId;
    await setOption(db.database, { accountId, key: "misc", value: { scripts: ownerScript } });
    // Written around the schema, as an old or tampered row would be.
    await setOption(db.database, {
      accountId,
      key: "theme",
      value: { bodyStyle: "full", primaryColor: "blue", fontFamily: fontBreakout },
    });
    const owner = await createUserWithPassword(db.database, {
      email: `owner-${backend}@headers.test`,
      password,
    });
    await createMember(db.database, { accountId, roleName: "site_owner", user: owner });
  });
  afterAll(() => db?.dispose());

  test("A11 pages, API answers, 404s, redirects, unknown hosts and the platform all carry the headers", async () => {
    const answers: [string, Response][] = [
      ["page", await visitor().request("/")],
      ["api json", await visitor().request("/api/account/me")],
      ["api 404", await visitor().request("/api/no-such-route")],
      ["404 page", await visitor().request("/no-such-page")],
      ["redirect", await visitor().request("/dashboard")],
      ["robots", await visitor().request("/robots.txt")],
      ["sitemap", await visitor().request("/sitemap.xml")],
      ["data", await visitor().request("/blog.data")],
      ["unknown host", await createClient(app, { host: "nowhere.localhost" }).request("/")],
      ["platform", await createClient(app, { host: "localhost" }).request("/")],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
    const [, page] = answers[0]!;
    expect(page.headers.get("content-security-policy")).toContain("'strict-dynamic'");
    const [, redirect] = answers[4]!;
    expect(redirect.status).toBe(302);
    for (const [what, res] of answers.slice(1, 3)) {
      expect(res.headers.get("content-security-policy"), what).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
    expect(answers[8]![1].status).toBe(404);
    expect(scriptSrc(answers[9]![1])).not.toContain("strict-dynamic");
    expect(page.headers.get("strict-transport-security")).toBeNull();
  });

  test("A11 a page's scripts all carry the nonce its policy names", async () => {
    const res = await visitor().request("/blog");
    const nonce = headerNonce(res)!;
    expect(nonce).toBeTruthy();
    expectEveryScriptNonced(await res.text(), nonce);
  });

  test("A11 a cache hit carries a fresh nonce matching its HTML, never the stored one", async () => {
    const first = await visitor().request("/");
    const firstHtml = await first.text();
    const second = await visitor().request("/");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const secondHtml = await second.text();
    const [stored, fresh] = [headerNonce(first)!, headerNonce(second)!];
    expect(fresh).not.toBe(stored);
    expectEveryScriptNonced(secondHtml, fresh);
    expect(secondHtml).not.toContain(stored);
    expect(secondHtml).not.toContain("nonce-placeholder");
    expectSecurityHeaders(second, "cache hit");
    // A third visitor gets yet another nonce.
    const third = await visitor().request("/");
    expect(headerNonce(third)).not.toBe(fresh);
    expect(firstHtml.replaceAll(stored, "N")).toBe(secondHtml.replaceAll(fresh, "N"));
  });

  test("A11 a stored theme font with </style> never runs: the page's <style> holds font names only", async () => {
    const html = await (await visitor().request("/course")).text();
    expect(html).not.toContain("__xss");
    expect(html).not.toMatch(/<\/style><script>window/);
  });

  test("A11 dashboard, sign-in, sign-up and checkout pages: no 'strict-dynamic', only our nonced scripts", async () => {
    const owner = visitor();
    const signIn = await owner.post("/api/auth/sign-in/email", {
      email: `owner-${backend}@headers.test`,
      password,
    });
    expect(signIn.status).toBe(200);
    const pages = [
      ["/dashboard", owner],
      ["/dashboard/profile", owner],
      ["/dashboard/manage/site/theme", owner],
      ["/login", visitor()],
      ["/signup", visitor()],
      ["/checkout", visitor()],
      ["/course/anything/checkout", visitor()],
    ] as const;
    for (const [pathname, client] of pages) {
      const res = await client.request(pathname);
      expect(res.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      const nonce = headerNonce(res)!;
      // The checkout alone adds Razorpay's Checkout script (RAZORPAY_CHECKOUT_JS_URL's origin).
      const razorpay = pathname === "/checkout" ? " https://checkout.razorpay.com" : "";
      expect(scriptSrc(res), pathname).toBe(`'nonce-${nonce}' 'self'${razorpay}`);
      expectSecurityHeaders(res, pathname);
      const html = await res.text();
      expectEveryScriptNonced(html, nonce);
      // The owner's HTML is never markup on these pages (only, inertly, data for the frame).
      expect(html, pathname).not.toContain(ownerScript);
    }
  });

  test("A11 static files are served with the headers, embeddable from other sites", async () => {
    const services = createTestApp(db.database).services;
    const assets = createApp({ services, assetsDir: path.resolve("build/client") });
    for (const file of ["/favicon.svg", "/media/demo/logo.svg"]) {
      const res = await assets.request(file, { headers: { host } });
      expect(res.status, file).toBe(200);
      expectSecurityHeaders(res, file);
      expect(res.headers.get("cross-origin-resource-policy"), file).toBe("cross-origin");
      expect(res.headers.get("content-security-policy"), file).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  test("A11 in production on a public domain every answer also carries Strict-Transport-Security", async () => {
    const services = createTestApp(db.database, {
      NODE_ENV: "production",
      BASE_DOMAIN: "lyceum.example",
    }).services;
    const res = await createApp({ services }).request("/api/health", {
      headers: { host: "lyceum.example" },
    });
    expect(res.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
