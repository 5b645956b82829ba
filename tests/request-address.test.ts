import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount } from "./factories";
import { createClient, lastMailLink } from "./support/http-client";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

const strong = "Maple-Harbour-Lantern-42";
let counter = 0;
const email = () => `addr${Date.now()}${counter++}@example.test`;

describe.each(logicBackends)(
  "I31 canonical request address and trusted proxies on %s",
  (backend) => {
    let db: TestDatabase;
    let app: ReturnType<typeof createTestApp>["app"];
    let slug: string;
    let domainSlug: string;

    beforeAll(async () => {
      db = await createTestDatabase(backend);
      slug = (await createAccount(db.database, {})).slug;
      domainSlug = (await createAccount(db.database, { domain: `school${Date.now()}.example` }))
        .slug;
      ({ app } = createTestApp(db.database, { TRUSTED_PROXIES: "loopback" }));
    });
    afterAll(() => db?.dispose());

    /** A request as @hono/node-server hands it over: a peer, and the port the server listens on. */
    function send(
      path: string,
      {
        peer,
        headers,
        init = {},
      }: { peer: string; headers: Record<string, string>; init?: RequestInit },
    ) {
      return app.request(
        `http://${headers.host ?? "localhost"}${path}`,
        { ...init, headers, redirect: "manual" },
        { incoming: { socket: { remoteAddress: peer, localPort: 3000 } } },
      );
    }

    /** Wrong codes until the per-address limiter answers 429 (at most 50 tries). */
    async function limitedAfter(headers: Record<string, string>, peer: string) {
      for (let i = 1; i <= 50; i++) {
        const res = await send("/api/account/sign-up-phone/verify", {
          peer,
          headers: { "content-type": "application/json", ...headers },
          init: { method: "POST", body: "{}" },
        });
        if (res.status === 429) return i;
      }
      return Infinity;
    }

    test("I31-10 behind a trusted proxy each X-Forwarded-For client has its own limit; an untrusted peer is one client whatever it forwards", async () => {
      const host = `${slug}.localhost:3000`;
      const base = { host, origin: `http://${host}` };
      // Through the proxy (loopback): one client is limited, the next is not.
      const first = await limitedAfter(
        { ...base, "x-forwarded-for": "198.51.100.20" },
        "127.0.0.1",
      );
      expect(first).toBeLessThan(50);
      const other = await send("/api/account/sign-up-phone/verify", {
        peer: "::ffff:127.0.0.1",
        headers: {
          ...base,
          "content-type": "application/json",
          "x-forwarded-for": "198.51.100.21",
        },
        init: { method: "POST", body: "{}" },
      });
      expect(other.status).not.toBe(429);

      // From an untrusted peer, a new X-Forwarded-For each time changes nothing: it is limited.
      let n = 0;
      const untrusted = async () => {
        for (let i = 1; i <= 50; i++) {
          const res = await send("/api/account/sign-up-phone/verify", {
            peer: "203.0.113.50",
            headers: {
              ...base,
              "content-type": "application/json",
              "x-forwarded-for": `192.0.2.${n++ % 250}`,
            },
            init: { method: "POST", body: "{}" },
          });
          if (res.status === 429) return i;
        }
        return Infinity;
      };
      expect(await untrusted()).toBe(first);
    });

    test("I31-10 behind a trusted TLS proxy the sitemap says https:// at the public host; an untrusted peer cannot claim it", async () => {
      const forwarded = {
        host: "127.0.0.1:3000",
        "x-forwarded-proto": "https",
        "x-forwarded-host": `${slug}.localhost`,
        "x-forwarded-for": "198.51.100.30",
      };
      const viaProxy = await send("/sitemap-pages.xml", { peer: "127.0.0.1", headers: forwarded });
      expect(viaProxy.status).toBe(200);
      const xml = await viaProxy.text();
      expect(xml).toContain(`<loc>https://${slug}.localhost/`);

      const spoofed = await send("/sitemap-pages.xml", {
        peer: "203.0.113.51",
        headers: { ...forwarded, host: `${slug}.localhost:3000` },
      });
      expect(spoofed.status).toBe(200);
      const plain = await spoofed.text();
      expect(plain).toContain(`<loc>http://${slug}.localhost:3000/`);
      expect(plain).not.toContain("https://");
    });

    test("I31-5 a reset asked with Host <site>:9999 mails a link at the site's canonical origin", async () => {
      const address = email();
      const browser = createClient(app, { host: `${slug}.localhost:3000` });
      expect(
        (
          await browser.post("/api/account/sign-up", {
            name: "Ida",
            email: address,
            password: strong,
          })
        ).status,
      ).toBe(202);
      const verify = new URL(await lastMailLink(db.database, address));
      expect(verify.origin).toBe(`http://${slug}.localhost:3000`);

      const odd = `${slug.toUpperCase()}.localhost.:9999`;
      const asked = await send("/api/auth/request-password-reset", {
        peer: "198.51.100.40",
        headers: {
          host: odd,
          origin: `http://${slug}.localhost:3000`,
          "content-type": "application/json",
        },
        init: {
          method: "POST",
          body: JSON.stringify({ email: address, redirectTo: "/login/reset-password" }),
        },
      });
      expect(asked.status).toBe(200);
      const link = new URL(await lastMailLink(db.database, address, { after: 1 }));
      expect(link.origin).toBe(`http://${slug}.localhost:3000`);
      expect(link.pathname).toBe("/login/reset-password");
    });

    test("I31-5 a site with its own domain: mails sent through its slug host link to the domain", async () => {
      const address = email();
      const host = `${domainSlug}.localhost:3000`;
      const browser = createClient(app, { host });
      expect(
        (
          await browser.post("/api/account/sign-up", {
            name: "Ola",
            email: address,
            password: strong,
          })
        ).status,
      ).toBe(202);
      const link = new URL(await lastMailLink(db.database, address));
      expect(link.hostname).toMatch(/^school\d+\.example$/);
      expect(link.port).toBe("3000");
    });
  },
);
