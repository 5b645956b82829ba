import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createS3Storage } from "./s3-storage.server";
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
