import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  ip,
  password,
  samples,
  uploadFiles,
  type UploadAnswer,
} from "../../../tests/support/media-samples";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";

describe.each(logicBackends)("I31-7 uploaded files on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  async function owner() {
    const client = createClient(app, { host: world.demo.host, ip: ip() });
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people.owner.email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }
  const upload = async (
    client: ReturnType<typeof createClient>,
    files: { name: string; body: Buffer }[],
  ) => {
    const res = await uploadFiles(app, client, world.demo.host, files);
    return { status: res.status, body: (await res.json()) as UploadAnswer };
  };

  const get = (path: string) =>
    app.request(`http://${world.demo.host}${path}`, { headers: { host: world.demo.host } });

  const svg = (body: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${body}<circle cx="5" cy="5" r="4" fill="teal"/></svg>`,
    );
  const payloads: [string, Buffer, RegExp][] = [
    [
      "entity.svg",
      svg('<a xlink:href="&#106;&#x61;vascript:alert(1)"><rect width="5" height="5"/></a>'),
      /href|javascript|&#/i,
    ],
    [
      "set.svg",
      svg('<a href="#c"><set attributeName="href" to="javascript:alert(1)"/><text>go</text></a>'),
      /<set|javascript|\bto=/i,
    ],
    [
      "use.svg",
      svg(
        '<use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIG9ubG9hZD0nYWxlcnQoMSknLz4="/>',
      ),
      /<use|data:/i,
    ],
    [
      "css-url.svg",
      svg(
        '<style>circle{fill:url(//evil.test/x.svg#p)}</style><rect style="background:url(//evil.test/y)" width="1" height="1"/>',
      ),
      /evil\.test|url\(/i,
    ],
    [
      "css-import.svg",
      svg('<style>@\\69mport "//evil.test/a.css"; @IMPORT url(x.css);</style>'),
      /evil\.test|mport|x\.css/i,
    ],
    [
      "stylesheet.svg",
      Buffer.from(
        `<?xml-stylesheet href="//evil.test/s.css"?>${svg('<image href="https://evil.test/p.png"/>').toString()}`,
      ),
      /evil\.test|stylesheet/i,
    ],
  ];

  test("I31-7 SVG payloads (entity-encoded javascript:, <set to>, <use href=data:>, CSS url(//…) and escaped @import) are stored without them", async () => {
    const client = await owner();
    const { status, body } = await upload(
      client,
      payloads.map(([name, bytes]) => ({ name, body: bytes })),
    );
    expect(status).toBe(200);
    expect(body.rejected).toEqual([]);
    expect(body.uploaded).toHaveLength(payloads.length);
    for (const [index, [name, , forbidden]] of payloads.entries()) {
      const item = body.uploaded[index]!;
      const stored = await (await get(item.url)).text();
      expect(stored, name).not.toMatch(forbidden);
      expect(stored, name).not.toMatch(/javascript|evil\.test|data:|on\w+=/i);
      // The harmless drawing is kept.
      expect(stored, name).toMatch(/<circle cx="5" cy="5" r="4" fill="teal"\/>/);
      expect(item.size).toBe(Buffer.byteLength(stored));
    }
  });

  test("I31-7 a stored SVG keeps its sandbox policy through the global headers; a PDF is a sandboxed download; images stay inline", async () => {
    const client = await owner();
    const { body } = await upload(client, [
      { name: "logo.svg", body: samples.svg() },
      { name: "guide.pdf", body: samples.pdf() },
      { name: "photo.png", body: await samples.png(20, 20) },
    ]);
    const [logo, guide, photo] = await Promise.all(body.uploaded.map((item) => get(item.url)));
    const svgPolicy = logo!.headers.get("content-security-policy") ?? "";
    expect(svgPolicy).toMatch(/(^|; )sandbox(;|$)/);
    expect(svgPolicy).toContain("default-src 'none'");
    expect(guide!.headers.get("content-disposition")).toBe("attachment");
    expect(guide!.headers.get("content-security-policy")).toMatch(/(^|; )sandbox(;|$)/);
    expect(guide!.headers.get("x-content-type-options")).toBe("nosniff");
    expect(photo!.headers.get("content-disposition")).toBeNull();
    expect(photo!.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("I31-7 a 20000×20000 PNG is refused as too many pixels, from its header, before decoding", async () => {
    // A PNG's signature and IHDR only: what is read to refuse it (no pixel data follows).
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20000, 0);
    ihdr.writeUInt32BE(20000, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const huge = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", Buffer.alloc(64)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const client = await owner();
    const { status, body } = await upload(client, [{ name: "poster.png", body: huge }]);
    expect(status).toBe(400);
    expect(body.rejected).toEqual([{ name: "poster.png", reason: "tooManyPixels" }]);
  });

  test("I31-7 a multipart name is read as UTF-8: “résumé-تقرير.png” is stored as sent; U+202E is stripped", async () => {
    const client = await owner();
    const { status, body } = await upload(client, [
      { name: "résumé-تقرير.png", body: await samples.png(20, 20) },
      { name: "photo\u202Egnp.pdf", body: samples.pdf() },
    ]);
    expect(status).toBe(200);
    const listed = (await (await client.request("/api/media")).json()) as {
      items: { id: string; name: string }[];
    };
    const names = body.uploaded.map((item) => listed.items.find((row) => row.id === item.id)?.name);
    expect(names).toEqual(["résumé-تقرير.png", "photognp.pdf"]);
  });
});
