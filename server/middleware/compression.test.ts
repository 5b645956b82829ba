import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createPost } from "../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { createTestAppWithPages } from "../../tests/support/test-server";
import { acceptedEncoding, chunksPerTurn } from "./compression";

describe("I12 choosing an encoding", () => {
  test("I12 brotli first, then gzip, by q-value; none when refused or not asked", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(acceptedEncoding("br", ["gzip"])).toBeNull();
  });
});

describe("I12 a streamed page is compressed in as few pieces as it was written in turns", () => {
  test("I12 chunks of one turn leave as one; a later turn's leave on their own, before the end", async () => {
    const joiner = chunksPerTurn();
    const out: string[] = [];
    joiner.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    joiner.write("<html>");
    joiner.write("<body>");
    joiner.write("shell");
    await new Promise((resolve) => setImmediate(resolve));
    // The shell left without waiting for the rest, as one piece.
    expect(out).toEqual(["<html><body>shell"]);
    joiner.write("<template>deferred</template>");
    joiner.write("</body>");
    joiner.end("</html>");
    await new Promise((resolve) => joiner.on("end", resolve));
    expect(out).toEqual(["<html><body>shell", "<template>deferred</template></body></html>"]);
  });
});

const decode = async (res: Response) => {
  const body = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(body).toString();
  return body.toString();
};
const nonceOf = (res: Response) =>
  /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";

describe.each(logicBackends)("I12 compressed answers on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let host: string;
  let ip = 0;
  const get = (path: string, encoding?: string, method = "GET") =>
    app.request(
      `http://${host}${path}`,
      { method, headers: { host, ...(encoding ? { "accept-encoding": encoding } : {}) } },
      { incoming: { socket: { remoteAddress: `10.89.0.${++ip}` } } },
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, { slug: `squeeze${backend}` });
    host = `${account.slug}.localhost`;
    for (let i = 0; i < 3; i++) {
      await createPost(db.database, {
        accountId: account.accountId,
        title: `Post ${i}`,
        slug: `post-${i}`,
        content: `<p>${"Words of a post. ".repeat(50)}</p>`,
      });
    }
  });
  afterAll(() => db?.dispose());

  test("I12 a cached page served compressed is byte-identical, decompressed, to its uncached render", async () => {
    const miss = await get("/blog", "gzip, deflate, br");
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    expect(miss.headers.get("content-encoding")).toBe("br");
    expect(miss.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(miss.headers.get("content-length")).toBeNull();
    const rendered = await decode(miss);
    // Stored once the render has streamed out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hit = await get("/blog", "gzip, deflate, br");
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("vary")).toMatch(/accept-encoding/i);
    const served = await decode(hit);
    // Each response has its own nonce; with it set aside, not a byte differs.
    expect(nonceOf(hit)).not.toBe(nonceOf(miss));
    expect(served.replaceAll(nonceOf(hit), "N")).toBe(rendered.replaceAll(nonceOf(miss), "N"));
    expect(served).toContain("Post 2");

    // A client that takes no compression gets the same page as text; HEAD has no body.
    const plain = await get("/blog");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    expect((await plain.text()).replaceAll(nonceOf(plain), "N")).toBe(
      rendered.replaceAll(nonceOf(miss), "N"),
    );
    const head = await get("/blog", "gzip", "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  test("I12 uncached pages, JSON and XML are compressed by what the request accepts", async () => {
    const post = await get("/blog/post-1", "gzip");
    expect(post.headers.get("x-page-cache")).toBe("miss");
    expect(post.headers.get("content-encoding")).toBe("gzip");
    expect(await decode(post)).toContain("Words of a post.");
    const sitemap = await get("/sitemap.xml", "br");
    expect(sitemap.headers.get("content-encoding")).toBe("br");
    expect(await decode(sitemap)).toContain("<sitemapindex");
    const json = await get("/api/health", "br");
    expect(json.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(await decode(json))).toMatchObject({ status: "ok" });
  });
});
