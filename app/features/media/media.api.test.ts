import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPost } from "../../../tests/factories";
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

describe.each(logicBackends)("M2 media library on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  async function signedIn(person: keyof World["people"], host = world.demo.host) {
    const client = createClient(app, { host, ip: ip() });
    const res = await client.post("/api/auth/sign-in/email", {
      email: world.people[person].email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }
  const upload = async (
    client: ReturnType<typeof createClient>,
    files: { name: string; body: Buffer }[],
    folder = "",
  ) => {
    const res = await uploadFiles(app, client, world.demo.host, files, folder);
    return { status: res.status, body: (await res.json()) as UploadAnswer };
  };
  const get = (path: string, headers: Record<string, string> = {}, host = world.demo.host) =>
    app.request(`http://${host}${path}`, { headers: { host, ...headers } });

  test("V3 allowed files are kept by their content; a renamed program and WebP are refused, each with its reason; a scripted SVG is stored sanitised", async () => {
    const owner = await signedIn("owner");
    const { status, body } = await upload(owner, [
      { name: "photo.png", body: await samples.png(800, 400) },
      { name: "photo.jpeg", body: await samples.jpeg() },
      { name: "guide.pdf", body: samples.pdf() },
      { name: "lesson.mp4", body: samples.mp4() },
      { name: "logo.svg", body: samples.svg() },
      { name: "setup.png", body: samples.exe() },
      { name: "evil.svg", body: samples.svgWithScript() },
      { name: "handler.svg", body: samples.svgWithHandler() },
      { name: "foreign.svg", body: samples.svgWithForeignObject() },
      { name: "tool.exe", body: samples.exe() },
      { name: "photo.webp", body: await samples.webp() },
      { name: "notes.txt", body: Buffer.from("plain notes\n") },
      { name: "data.json", body: Buffer.from('{"a":1}') },
      { name: "broken.json", body: Buffer.from("{nope") },
    ]);
    expect(status).toBe(200);
    expect(body.uploaded.map((item) => [item.kind, item.mime])).toEqual([
      ["image", "image/png"],
      ["image", "image/jpeg"],
      ["document", "application/pdf"],
      ["video", "video/mp4"],
      ["image", "image/svg+xml"],
      ["image", "image/svg+xml"],
      ["image", "image/svg+xml"],
      ["image", "image/svg+xml"],
      ["document", "text/plain"],
      ["document", "application/json"],
    ]);
    expect(body.rejected).toEqual([
      { name: "setup.png", reason: "mismatch", format: "png" },
      { name: "tool.exe", reason: "notAllowed" },
      { name: "photo.webp", reason: "notAllowed" },
      { name: "broken.json", reason: "mismatch", format: "json" },
    ]);
    for (const item of body.uploaded.slice(5, 8)) {
      const stored = await (await get(item.url)).text();
      expect(stored).not.toMatch(/script|onload|foreignObject|alert/i);
    }
    // A request whose every file is refused answers 400 with the reasons.
    const refused = await upload(owner, [{ name: "setup.png", body: samples.exe() }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe("media.rejected");
    expect(refused.body.rejected[0]?.reason).toBe("mismatch");
  });

  test("M2 images get WebP and AVIF variants at 320/640/1024/1600 (never wider than the original) and keep their size", async () => {
    const owner = await signedIn("owner");
    const { body } = await upload(owner, [
      { name: "wide.png", body: await samples.png(2000, 1000) },
      { name: "small.png", body: await samples.png(200, 100) },
    ]);
    const [wide, small] = body.uploaded;
    expect([wide!.width, wide!.height, small!.width, small!.height]).toEqual([
      2000, 1000, 200, 100,
    ]);
    const listed = await owner.request("/api/media?kind=image");
    const library = (await listed.json()) as { items: { id: string }[] };
    expect(library.items.map((item) => item.id)).toContain(wide!.id);
    for (const width of [320, 640, 1024, 1600]) {
      for (const format of ["webp", "avif"]) {
        const res = await get(wide!.url.replace(/original\.png$/, `w${width}.${format}`));
        expect(res.status, `${width} ${format}`).toBe(200);
        expect(res.headers.get("content-type")).toBe(`image/${format}`);
      }
    }
    expect((await get(wide!.url.replace(/original\.png$/, "w2000.webp"))).status).toBe(404);
    expect((await get(small!.url.replace(/original\.png$/, "w200.avif"))).status).toBe(200);
    expect((await get(small!.url.replace(/original\.png$/, "w320.webp"))).status).toBe(404);
    expect(wide!.thumbnail).toMatch(/w320\.webp$/);
  });

  test("M2 files are served with their type, a year's cache, nosniff and byte ranges; never on another site's host", async () => {
    const owner = await signedIn("owner");
    const video = samples.mp4(100_000);
    const { body } = await upload(owner, [{ name: "clip.mp4", body: video }]);
    const url = body.uploaded[0]!.url;
    const whole = await get(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);

    const part = await get(url, { range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${video.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await get(url, { range: "bytes=-100" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(video.subarray(-100))).toBe(true);
    expect((await get(url, { range: `bytes=${video.length}-` })).status).toBe(416);

    // The same address on acme's host: not found, whatever the bucket says.
    expect((await get(url, {}, world.acme.host)).status).toBe(404);
  });

  test("M2 an instructor keeps their own files; a student keeps pictures only (decision 073); only managers see or change everyone's", async () => {
    const student = await signedIn("student");
    const refused = await upload(student, [{ name: "a.pdf", body: samples.pdf() }]);
    expect(refused.status).toBe(400);
    expect(refused.body.rejected).toEqual([expect.objectContaining({ reason: "notAllowed" })]);
    const picture = await upload(student, [{ name: "walk.png", body: await samples.png(80, 60) }]);
    expect(picture.status).toBe(200);
    const shown = (await (await student.request("/api/media?kind=document")).json()) as {
      items: { id: string; kind: string }[];
    };
    expect(shown.items).toEqual([
      expect.objectContaining({ id: picture.body.uploaded[0]!.id, kind: "image" }),
    ]);
    expect((await student.request("/api/media?scope=all")).status).toBe(403);
    const nobody = createClient(app, { host: world.demo.host, ip: ip() });
    expect((await upload(nobody, [{ name: "b.png", body: await samples.png(8, 8) }])).status).toBe(
      401,
    );

    const owner = await signedIn("owner");
    const ownerFile = (await upload(owner, [{ name: "owner.pdf", body: samples.pdf() }])).body
      .uploaded[0]!;
    const instructor = await signedIn("instructor");
    const mine = (await upload(instructor, [{ name: "mine.pdf", body: samples.pdf() }], "notes"))
      .body.uploaded[0]!;

    const own = (await (await instructor.request("/api/media")).json()) as {
      items: { id: string }[];
    };
    expect(own.items.map((item) => item.id)).toEqual([mine.id]);
    expect((await instructor.request("/api/media?scope=all")).status).toBe(403);
    const change = (client: typeof owner, id: string, alt: string) =>
      client.request(`/api/media/${id}`, { method: "PUT", json: { alt } });
    expect((await change(instructor, ownerFile.id, "mine now")).status).toBe(403);
    expect((await instructor.post(`/api/media/${ownerFile.id}/delete`, {})).status).toBe(403);
    expect((await change(instructor, mine.id, "My notes")).status).toBe(200);
    const edited = await change(owner, mine.id, "Notes of the instructor");
    expect(((await edited.json()) as { item: { alt: string } }).item.alt).toBe(
      "Notes of the instructor",
    );
    const all = (await (await owner.request("/api/media?scope=all&folder=notes")).json()) as {
      items: { id: string; alt: string }[];
    };
    expect(all.items).toEqual([expect.objectContaining({ id: mine.id })]);

    // Another site's owner finds nothing of demo's, even with the id.
    const other = await signedIn("otherOwner", world.acme.host);
    expect((await change(other, mine.id, "x")).status).toBe(404);
    // Malformed ids and bodies are 4xx, never 5xx.
    expect((await change(owner, "not-a-uuid", "x")).status).toBe(404);
    const bad = await owner.request(`/api/media/${mine.id}`, { method: "PUT", json: { alt: 5 } });
    expect(bad.status).toBe(400);
  });

  test("M2 where a file is used: a post's featured image; deleting it is refused until forced", async () => {
    const owner = await signedIn("owner");
    const file = (await upload(owner, [{ name: "cover.jpg", body: await samples.jpeg() }])).body
      .uploaded[0]!;
    const usage = async () =>
      (
        (await (await owner.request(`/api/media/${file.id}/usage`)).json()) as {
          uses: { type: string; title: string }[];
        }
      ).uses;
    expect(await usage()).toEqual([]);
    await createPost(db.database, {
      accountId: world.demo.accountId,
      title: "Cover story",
      slug: "cover-story",
      settings: { featured: file.url },
    });
    expect(await usage()).toEqual([
      expect.objectContaining({ type: "post", title: "Cover story" }),
    ]);
    const refused = await owner.post(`/api/media/${file.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect((await get(file.url)).status).toBe(200);
    expect((await owner.post(`/api/media/${file.id}/delete`, { force: true })).status).toBe(200);
    expect((await get(file.url)).status).toBe(404);
  });
});
