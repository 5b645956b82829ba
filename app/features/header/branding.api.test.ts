import { headerOption } from "~/features/header/header";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getSiteOptions } from "~/features/options/options.server";
import { setOption } from "../../../tests/factories/index";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Matrix-Harbour-Quartz-88";
let ipCount = 0;
const ip = () => `10.66.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

const branding = (changes: Record<string, unknown> = {}) => ({
  logo: "/media/demo/logo.svg",
  dark_logo: "https://cdn.example.org/logo-dark.png",
  logo_width: 6,
  ...changes,
});

describe.each(logicBackends)("D16 logo settings (branding) on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  const visitor = (host = world.demo.host) => createClient(app, { host, ip: ip() });
  async function signedIn(person: keyof World["people"], host = world.demo.host) {
    const client = visitor(host);
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people[person].email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }
  const put = (client: ReturnType<typeof createClient>, body: unknown) =>
    client.request("/api/account/branding", { method: "PUT", json: body });

  function upload(
    client: ReturnType<typeof createClient>,
    { body, name, variant = "light" }: { body: Buffer; name: string; variant?: string },
  ) {
    const form = new FormData();
    form.append("variant", variant);
    form.append("file", new Blob([new Uint8Array(body)]), name);
    const host = world.demo.host;
    const headers = new Headers({ host, origin: `http://${host}` });
    headers.set("cookie", [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    return app.request(
      `http://${host}/api/account/branding/logo`,
      { method: "POST", body: form, headers },
      { incoming: { socket: { remoteAddress: ip() } } },
    );
  }

  test("D16 the owner saves the logo, dark logo and width; the next anonymous request shows them", async () => {
    // A visitor's copy of the home page is in the page cache, with the site's title as brand.
    await (await visitor().request("/")).text();
    const cached = await visitor().request("/");
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(await cached.text()).not.toContain("/media/demo/logo.svg");

    const owner = await signedIn("owner");
    const res = await put(owner, branding());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ branding: branding() });

    // The save dropped the account's pages and its host lookup: the logo shows at once.
    const fresh = await visitor().request("/");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    const html = await fresh.text();
    expect(html).toContain('src="/media/demo/logo.svg"');
    expect(html).toContain('src="https://cdn.example.org/logo-dark.png"');
    // 6 × 16 = 96 px (Mantine writes it in rem: 6rem).
    expect(html).toMatch(/width:calc\(6rem/);

    // null removes a setting: no dark logo, the default width, the light logo stays.
    const cleared = await put(owner, branding({ dark_logo: null, logo_width: null }));
    expect(await cleared.json()).toEqual({
      branding: { logo: "/media/demo/logo.svg", dark_logo: null, logo_width: null },
    });
    const after = await (await visitor().request("/")).text();
    expect(after).not.toContain("logo-dark.png");
    expect(after).toContain('src="/media/demo/logo.svg"');
  });

  test("D16 refused values: script or protocol-relative addresses, widths outside 1–40, missing fields", async () => {
    const owner = await signedIn("owner");
    await put(owner, branding());
    const cases: [Record<string, unknown>, string][] = [
      [branding({ logo: "javascript:alert(1)" }), "logo"],
      [branding({ dark_logo: "//evil.example/logo.png" }), "dark_logo"],
      [branding({ logo: "data:image/png;base64,AAAA" }), "logo"],
      [branding({ logo_width: 0 }), "logo_width"],
      [branding({ logo_width: 41 }), "logo_width"],
      [branding({ logo_width: "9" }), "logo_width"],
      [{ logo: "/files/x.webp", dark_logo: null }, "logo_width"],
    ];
    for (const [body, field] of cases) {
      const res = await put(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: { code: string; details: { path: string }[] } };
      expect(answer.error.code).toBe("request.invalid");
      expect(answer.error.details.map((detail) => detail.path)).toEqual([field]);
    }
    // Nothing of it was stored.
    const html = await (await visitor().request("/")).text();
    expect(html).toContain('src="/media/demo/logo.svg"');
    expect(html).not.toContain("javascript:");
  });

  test("D16 only the site's managers: anonymous 401, students and instructors 403, other accounts never", async () => {
    expect((await put(visitor(), branding())).status).toBe(401);
    for (const person of ["student", "instructor"] as const) {
      const client = await signedIn(person);
      const res = await put(client, branding({ logo: "/files/hijack.webp" }));
      expect(res.status, person).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("auth.forbidden");
    }
    // Acme's owner: a session of acme's site means nothing on demo's.
    const otherOwner = await signedIn("otherOwner", world.acme.host);
    const elsewhere = createClient(app, { host: world.demo.host, ip: ip() });
    for (const [name, value] of otherOwner.jar) elsewhere.jar.set(name, value);
    expect((await put(elsewhere, branding({ logo: "/files/hijack.webp" }))).status).toBe(401);
    // On acme's own site it changes acme only.
    expect((await put(otherOwner, branding({ logo: "/media/acme/logo.svg" }))).status).toBe(200);
    const acme = await (await visitor(world.acme.host).request("/")).text();
    expect(acme).toContain('src="/media/acme/logo.svg"');
    const demo = await (await visitor().request("/")).text();
    expect(demo).not.toContain("/media/acme/logo.svg");
    expect(demo).not.toContain("hijack");

    // A page of another site (a sister sub-domain) may not make the owner's browser save.
    const owner = await signedIn("owner");
    const forged = await app.request(
      `http://${world.demo.host}/api/account/branding`,
      {
        method: "PUT",
        body: JSON.stringify(branding({ logo: "/files/forged.webp" })),
        headers: {
          host: world.demo.host,
          origin: `http://${world.acme.host}`,
          "content-type": "application/json",
          cookie: [...owner.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        },
      },
      { incoming: { socket: { remoteAddress: ip() } } },
    );
    expect(forged.status).toBe(403);
  });

  test("D16 an uploaded logo is checked by its content and stored as WebP under logos/ in the account's bucket", async () => {
    const owner = await signedIn("owner");
    const png = await sharp({
      create: { width: 600, height: 150, channels: 4, background: "#1c7ed6" },
    })
      .png()
      .toBuffer();
    const res = await upload(owner, { body: png, name: "logo.png" });
    expect(res.status).toBe(200);
    const stored = (await res.json()) as { url: string; width: number; height: number };
    expect(stored.url).toMatch(
      new RegExp(`^/files/account-${world.demo.accountId}/logos/light-[0-9a-f-]{36}\\.webp$`),
    );
    expect([stored.width, stored.height]).toEqual([600, 150]);
    const file = await visitor().request(stored.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    // Uploading alone changes nothing on the site until the screen saves the address.
    expect(await (await visitor().request("/")).text()).not.toContain(stored.url);
    expect((await put(owner, branding({ logo: stored.url }))).status).toBe(200);
    expect(await (await visitor().request("/")).text()).toContain(`src="${stored.url}"`);

    // An SVG is drawn as an image: whatever script it held never reaches a visitor.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><script>alert(1)</script><rect width="200" height="50" fill="#e8590c"/></svg>',
    );
    const drawn = await upload(owner, { body: svg, name: "logo.svg", variant: "dark" });
    expect(drawn.status).toBe(200);
    const dark = (await drawn.json()) as { url: string; width: number };
    expect(dark.url).toMatch(/\/logos\/dark-[0-9a-f-]{36}\.webp$/);
    expect(dark.width).toBe(800);
    const meta = await sharp(
      Buffer.from(await (await visitor().request(dark.url)).arrayBuffer()),
    ).metadata();
    expect(meta.format).toBe("webp");

    // Not an image, whatever the name says; no variant; a student.
    const fake = await upload(owner, { body: Buffer.from("GIF89a not really"), name: "logo.gif" });
    expect(fake.status).toBe(400);
    expect(await fake.json()).toMatchObject({ error: { code: "upload.invalidImage" } });
    expect((await upload(owner, { body: png, name: "logo.png", variant: "" })).status).toBe(400);
    expect((await upload(await signedIn("student"), { body: png, name: "a.png" })).status).toBe(
      403,
    );
  });

  test("D16 the header save keeps the notices another screen edits, and refuses bad values field by field", async () => {
    const notices = {
      enable_header_notice: true,
      header_notice: "Summer school opens in June",
      header_notice_bg: "#2f9e44",
      header_notice_start: null,
      header_notice_expire: null,
    };
    await setOption(db.database, {
      accountId: world.demo.accountId,
      key: "header",
      value: { header_style: "solid", notices },
    });
    const owner = await signedIn("owner");
    const header = {
      header_style: "transparent",
      header_fix: false,
      header_fontsize: 18,
      header_darklight: true,
      header_search: false,
      header_cart: true,
      header_login: true,
    };
    const save = (client: ReturnType<typeof createClient>, value: unknown) =>
      client.request("/dashboard/manage/site/header", {
        method: "POST",
        json: { part: "header", value },
      });
    expect((await save(owner, header)).status).toBe(200);
    const stored = await db.database.forAccount(world.demo.accountId, (tx) =>
      getSiteOptions(tx, { accountId: world.demo.accountId, options: [headerOption] }),
    );
    expect(stored.header).toEqual({ ...header, notices });
    const html = await (await visitor().request("/")).text();
    expect(html).toContain('data-style="transparent"');
    expect(html).toContain("Summer school opens in June");

    expect((await save(owner, { ...header, header_fontsize: 30 })).status).toBe(400);
    expect((await save(await signedIn("student"), header)).status).toBe(403);
  });
});
