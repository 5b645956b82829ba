import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { attachmentDisposition, privateDownload } from "./attachment";
import { createS3Storage, SIGNED_URL_SECONDS } from "./s3-storage.server";
import { serveStoredFile, SVG_POLICY } from "./serve-file.server";
import { createLocalStorage, type Storage } from "./storage.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "lyceum-storage-"));
// A local S3 server speaking the S3 protocol, standing in for AWS, R2 or MinIO.
const fake = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: path.join(root, "s3"),
});
let s3Endpoint = "";

beforeAll(async () => {
  const address = (await fake.run()) as AddressInfo;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage({ root: path.join(root, "local") })],
  [
    "S3",
    () =>
      createS3Storage({
        endpoint: s3Endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        bucketPrefix: "lyceum-",
      }),
  ],
];

describe.each(drivers)("storage on %s", (_name, make) => {
  test("a stored file reads back whole; a missing one is null; buckets appear on first use", async () => {
    const storage = make();
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const file = {
      bucket: "account-7a1d4c2e-0000-4000-8000-000000000001",
      key: "avatars/u1/avatar.jpg",
    };
    await storage.put({ ...file, body, contentType: "image/jpeg" });
    const read = await storage.get(file);
    expect(read?.body.equals(body)).toBe(true);
    expect(read?.contentType).toBe("image/jpeg");
    expect(await storage.get({ ...file, key: "avatars/u2/avatar.jpg" })).toBeNull();
    expect(storage.publicUrl(file)).toBe(`/files/${file.bucket}/${file.key}`);
  });

  test("M2 a file stored from disk: its size and type, a byte range of it, then deleted", async () => {
    const storage = make();
    const source = path.join(root, `upload-${Math.random()}.bin`);
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));
    fs.writeFileSync(source, bytes);
    const file = {
      bucket: "account-7a1d4c2e-0000-4000-8000-000000000002",
      key: "media/x/original.mp4",
    };
    await storage.putFile({ ...file, path: source, contentType: "video/mp4" });
    expect(await storage.stat(file)).toEqual({ size: 5000, contentType: "video/mp4" });
    const part = Buffer.from(
      await new Response(await storage.read({ ...file, start: 100, end: 199 })).arrayBuffer(),
    );
    expect(part.equals(bytes.subarray(100, 200))).toBe(true);
    await storage.delete(file);
    expect(await storage.stat(file)).toBeNull();
  });

  test("a key cannot climb out of its bucket", async () => {
    const storage = make();
    expect(await storage.get({ bucket: "account-x", key: "../../etc/passwd" })).toBeNull();
  });
});

describe.each(drivers)("listing a bucket on %s", (_name, make) => {
  test("I37 every file of a bucket with its size, in nested folders; an unused bucket lists nothing", async () => {
    const storage = make();
    const bucket = "account-7a1d4c2e-0000-4000-8000-000000000003";
    const files = { "logo.png": 3, "media/a/original.mp4": 10, "media/a/poster.jpg": 5 };
    for (const [key, size] of Object.entries(files))
      await storage.put({ bucket, key, body: Buffer.alloc(size, 1), contentType: "image/png" });
    const listed = [];
    for await (const file of storage.list(bucket)) listed.push(file);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      Object.entries(files).map(([key, size]) => ({ key, size })),
    );
    const none = [];
    for await (const file of storage.list("account-7a1d4c2e-0000-4000-8000-00000000ffff"))
      none.push(file);
    expect(none).toEqual([]);
  });
});

/**
 * AWS Signature Version 4 of a presigned GET, recomputed from its query by the documented steps
 * (canonical request, string to sign, the HMAC key chain) with the test store's secret.
 */
function signatureHolds(address: string, secret = "S3RVER"): boolean {
  const url = new URL(address);
  const params = url.search
    .slice(1)
    .split("&")
    .filter((pair) => !pair.startsWith("X-Amz-Signature="))
    .sort();
  const query = new URLSearchParams(url.search);
  const [, day, region, service] = query.get("X-Amz-Credential")!.split("/");
  const canonical = [
    "GET",
    url.pathname,
    params.join("&"),
    `host:${url.host}`,
    "",
    "host",
    "UNSIGNED-PAYLOAD",
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [
    "AWS4-HMAC-SHA256",
    query.get("X-Amz-Date"),
    scope,
    createHash("sha256").update(canonical).digest("hex"),
  ].join("\n");
  const key = [day!, region!, service!, "aws4_request"].reduce<Buffer>(
    (chain, part) => createHmac("sha256", chain).update(part).digest(),
    Buffer.from(`AWS4${secret}`),
  );
  return createHmac("sha256", key).update(toSign).digest("hex") === query.get("X-Amz-Signature");
}

describe("I37 files straight from an S3 store with a public address (S3_PUBLIC_URL)", () => {
  const bucket = "account-7a1d4c2e-0000-4000-8000-000000000004";
  // Browsers reach the store by another name than the server does: the address signed is theirs.
  const storage = () =>
    createS3Storage({
      endpoint: s3Endpoint,
      publicEndpoint: s3Endpoint.replace("127.0.0.1", "localhost"),
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      bucketPrefix: "lyceum-",
    });
  const video = Buffer.alloc(4096, 9);

  beforeAll(async () => {
    const store = storage();
    await store.put({ bucket, key: "media/v/clip.mp4", body: video, contentType: "video/mp4" });
    await store.put({
      bucket,
      key: "media/s/logo.svg",
      body: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      contentType: "image/svg+xml",
    });
    await store.put({
      bucket,
      key: "media/d/notes.pdf",
      body: Buffer.from("%PDF-1.4"),
      contentType: "application/pdf",
    });
  });

  test("I37 a picture or video redirects to a signed address the store answers, ranges too; an SVG still comes from us", async () => {
    const answer = await serveStoredFile(
      storage(),
      { bucket, key: "media/v/clip.mp4" },
      new Request("http://demo.localhost/files/x"),
    );
    expect(answer?.status).toBe(302);
    const location = answer!.headers.get("location")!;
    expect(location).toMatch(
      /^http:\/\/localhost:\d+\/lyceum-account-[^/]+\/media\/v\/clip\.mp4\?.*X-Amz-Signature=/,
    );
    expect(new URL(location).searchParams.get("X-Amz-Expires")).toBe(
      String(2 * SIGNED_URL_SECONDS),
    );
    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await fetch(location, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    // s3rver does not check V4 signatures: checked here by AWS's rules, for the browsers' host,
    // and for this file only.
    expect(signatureHolds(location)).toBe(true);
    expect(signatureHolds(location.replace("media/v/clip.mp4", "media/d/notes.pdf"))).toBe(false);
    expect(signatureHolds(location.replace("localhost", "127.0.0.1"))).toBe(false);

    const svg = await serveStoredFile(
      storage(),
      { bucket, key: "media/s/logo.svg" },
      new Request("http://demo.localhost/files/x"),
    );
    expect(svg?.status).toBe(200);
    expect(svg?.headers.get("content-security-policy")).toBe(SVG_POLICY);
  });

  test("I37 a private download redirects to an address that hands the file over as the same attachment", async () => {
    const answer = await privateDownload(
      storage(),
      { bucket, key: "media/d/notes.pdf" },
      {
        mime: "application/pdf",
        originalName: "Lesson notes é.pdf",
      },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const file = await fetch(answer.headers.get("location")!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe(
      attachmentDisposition("Lesson notes é.pdf"),
    );
    expect(await file.text()).toBe("%PDF-1.4");
    await expect(
      privateDownload(
        storage(),
        { bucket, key: "media/d/gone.pdf" },
        { mime: "x", originalName: "x" },
      ),
    ).rejects.toMatchObject({ code: "route.notFound" });
  });
});
