import http from "node:http";
import { and, eq } from "drizzle-orm";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
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
import { accountNotifications } from "~/features/notifications/tables.server";
import { plans } from "~/features/plans/tables.server";
import { usageAlerts } from "~/features/usage/tables.server";

const DAY = 86_400_000;

/**
 * A local Bunny Stream: the two calls of its documented upload (POST .../videos with a title,
 * then PUT .../videos/{guid} with the bytes), behind the library's AccessKey.
 */
function fakeBunny() {
  const videos = new Map<string, { title: string; bytes: Buffer | null }>();
  const seenKeys: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seenKeys.push(String(req.headers.accesskey));
      if (req.headers.accesskey !== "stream-key-1234-abcd") {
        res.writeHead(401).end('{"Message":"Unauthorized"}');
        return;
      }
      const create = /^\/library\/(\d+)\/videos$/.exec(req.url ?? "");
      const put = /^\/library\/(\d+)\/videos\/([\w-]+)$/.exec(req.url ?? "");
      if (req.method === "POST" && create?.[1] === "4242") {
        const guid = crypto.randomUUID();
        videos.set(guid, {
          title: JSON.parse(Buffer.concat(chunks).toString()).title,
          bytes: null,
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ guid, videoLibraryId: 4242 }));
      } else if (req.method === "PUT" && put?.[1] === "4242" && videos.has(put[2]!)) {
        videos.get(put[2]!)!.bytes = Buffer.concat(chunks);
        res.writeHead(200).end('{"success":true,"statusCode":200}');
      } else if (req.method === "DELETE" && put && videos.delete(put[2]!)) {
        res.writeHead(200).end('{"success":true}');
      } else res.writeHead(404).end();
    });
  });
  return { server, videos, seenKeys };
}

describe.each(logicBackends)("M9 Bunny Stream and storage quota on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;
  const bunny = fakeBunny();

  beforeAll(async () => {
    await new Promise<void>((resolve) => bunny.server.listen(0, "127.0.0.1", resolve));
    const { port } = bunny.server.address() as AddressInfo;
    db = await createTestDatabase(backend);
    app = createTestApp(db.database, { BUNNY_STREAM_API_URL: `http://127.0.0.1:${port}` }).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(async () => {
    await db?.dispose();
    await new Promise((resolve) => bunny.server.close(resolve));
  });

  async function signedIn(email: string, host: string) {
    const client = createClient(app, { host, ip: ip() });
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    return client;
  }
  const person = (who: keyof World["people"]) => signedIn(world.people[who].email, world.demo.host);
  const defaults = (client: ReturnType<typeof createClient>, accountId = world.demo.accountId) =>
    client.post("/api/account/defaults", { account_id: accountId, type: "bunny" });

  test("M9 /api/account/defaults answers false without credentials, the saved ones (key hidden) after; managers only", async () => {
    const owner = await person("owner");
    expect(await (await defaults(owner)).json()).toEqual({ status: "ok", bunnyCreds: false });
    for (const who of ["student", "instructor"] as const) {
      expect((await defaults(await person(who))).status, who).toBe(403);
    }
    expect((await defaults(createClient(app, { host: world.demo.host, ip: ip() }))).status).toBe(
      401,
    );
    // Another site's account id, asked on demo's host: refused.
    expect((await defaults(owner, world.acme.accountId)).status).toBe(403);
    expect((await owner.post("/api/account/defaults", { account_id: "nope" })).status).toBe(400);

    const save = (client: typeof owner, body: unknown) =>
      client.request("/api/account/bunny", { method: "PUT", json: body });
    expect((await save(await person("instructor"), { library_id: "4242" })).status).toBe(403);
    expect(
      (await save(owner, { library_id: "abc", api_key: "stream-key-1234-abcd", cdn_host: "" }))
        .status,
    ).toBe(400);
    const saved = await save(owner, {
      library_id: "4242",
      api_key: "stream-key-1234-abcd",
      cdn_host: "vz-test.b-cdn.net",
    });
    expect(saved.status).toBe(200);
    const answer = await (await defaults(owner)).json();
    expect(answer).toEqual({
      status: "ok",
      bunnyCreds: { library_id: "4242", cdn_host: "vz-test.b-cdn.net", api_key_hint: "••••abcd" },
    });
    expect(JSON.stringify(answer)).not.toContain("stream-key");
    // An empty key keeps the stored one.
    await save(owner, { library_id: "4242", api_key: "", cdn_host: "vz-test.b-cdn.net" });
    expect((await (await defaults(owner)).json()).bunnyCreds.api_key_hint).toBe("••••abcd");
  });

  test("M9 with credentials a video goes to Bunny Stream (create, then its bytes) and plays from Bunny's address", async () => {
    const owner = await person("owner");
    const video = samples.mp4(200_000);
    const res = await uploadFiles(app, owner, world.demo.host, [
      { name: "intro.mp4", body: video },
    ]);
    const body = (await res.json()) as UploadAnswer;
    expect(res.status).toBe(200);
    const item = body.uploaded[0]!;
    const [guid, stored] = [...bunny.videos].at(-1)!;
    expect(stored.title).toBe("intro.mp4");
    expect(stored.bytes?.equals(video)).toBe(true);
    expect(item.url).toBe(`https://iframe.mediadelivery.net/embed/4242/${guid}`);
    expect(bunny.seenKeys.every((key) => key === "stream-key-1234-abcd")).toBe(true);
    // Images still go to the site's own storage.
    const image = await uploadFiles(app, owner, world.demo.host, [
      { name: "still.jpg", body: await samples.jpeg() },
    ]);
    expect(((await image.json()) as UploadAnswer).uploaded[0]!.url).toMatch(/^\/files\//);
    // Deleting it deletes Bunny's copy too.
    expect((await owner.post(`/api/media/${item.id}/delete`, {})).status).toBe(200);
    expect(bunny.videos.has(guid)).toBe(false);
  });

  /** A new site on a plan of `storageMb` MB of storage, its owner signed in on its host. */
  async function siteWithStorage(storageMb: number) {
    const planId = `storage-${storageMb}-test`;
    await db.database.owner
      .insert(plans)
      .values({
        id: planId,
        label: `Storage ${storageMb}`,
        description: "",
        pricing: {},
        features: [],
        limits: { storage: storageMb },
        addons: {},
        sortOrder: 99,
      } as never)
      .onConflictDoNothing();
    const account = await createAccount(db.database, { settings: { plan: planId } });
    const email = `storage-owner-${crypto.randomUUID()}@example.test`;
    const user = await createUserWithPassword(db.database, { email, password });
    await createMember(db.database, { accountId: account.accountId, roleName: "site_owner", user });
    const host = `${account.slug}.localhost`;
    const owner = await signedIn(email, host);
    const send = async (name: string, kb: number) => {
      const res = await uploadFiles(app, owner, host, [{ name, body: samples.pdf(kb * 1024) }]);
      return { status: res.status, body: (await res.json()) as UploadAnswer };
    };
    const library = async () =>
      (await (await owner.request("/api/media")).json()) as {
        usedBytes: number;
        limitBytes: number;
      };
    const storageAlert = async () =>
      (
        await db.database.forAccount(account.accountId, (tx) =>
          tx
            .select()
            .from(usageAlerts)
            .where(
              and(
                eq(usageAlerts.accountId, account.accountId),
                eq(usageAlerts.meter, "storage"),
                eq(usageAlerts.level, 100),
              ),
            ),
        )
      )[0];
    return { accountId: account.accountId, owner, send, library, storageAlert };
  }

  test("M2 uploads count against the plan's storage (MB); past it (its grace run out) a file is refused with its reason", async () => {
    const site = await siteWithStorage(1);
    // The site went over once and its grace has run out: the 100 % mark the meters leave, aged.
    await db.database.forAccount(site.accountId, (tx) =>
      tx.insert(usageAlerts).values({
        accountId: site.accountId,
        meter: "storage",
        period: "now",
        level: 100,
        createdAt: new Date(Date.now() - 9 * DAY),
        graceUntil: new Date(Date.now() - 2 * DAY),
      }),
    );
    expect((await site.send("first.pdf", 600)).body.uploaded).toHaveLength(1);
    const second = await site.send("second.pdf", 600);
    expect(second.status).toBe(400);
    expect(second.body.uploaded).toHaveLength(0);
    expect(second.body.rejected).toEqual([{ name: "second.pdf", reason: "quota" }]);
    const library = await site.library();
    expect(library.limitBytes).toBe(1024 * 1024);
    expect(library.usedBytes).toBeGreaterThan(600 * 1024);
    expect(library.usedBytes).toBeLessThan(1024 * 1024);
  });

  test("C7 an upload over the storage limit is taken during the grace and refused after it", async () => {
    const site = await siteWithStorage(2);
    const MB = 1024 * 1024;
    // Under the limit (1 MB of 2 as the meter counts): taken, no mark.
    expect((await site.send("first.pdf", 500)).body.uploaded).toHaveLength(1);
    expect(await site.storageAlert()).toBeUndefined();

    // Over it: taken; the meter is measured at once, the 100 % mark starts the grace and the
    // managers are told.
    const before = Date.now();
    const over = await site.send("second.pdf", 1800);
    expect(over.status).toBe(200);
    expect(over.body.uploaded).toHaveLength(1);
    expect(over.body.rejected).toEqual([]);
    const alert = (await site.storageAlert())!;
    expect(alert.graceUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(alert.graceUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const notes = await db.database.forAccount(site.accountId, (tx) =>
      tx
        .select()
        .from(accountNotifications)
        .where(eq(accountNotifications.accountId, site.accountId)),
    );
    expect(notes.map((note) => note.severity).sort()).toEqual([3, 4]);
    // The library's bar tells the truth: more used than the plan's limit.
    const library = await site.library();
    expect(library.limitBytes).toBe(2 * MB);
    expect(library.usedBytes).toBeGreaterThan(2 * MB);

    // Still within the grace: another file is taken.
    const third = (await site.send("third.pdf", 100)).body.uploaded;
    expect(third).toHaveLength(1);

    // The grace runs out (its end moved to the past, as seven days would): refused, with the reason.
    await db.database.forAccount(site.accountId, (tx) =>
      tx
        .update(usageAlerts)
        .set({ createdAt: new Date(Date.now() - 8 * DAY), graceUntil: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(usageAlerts.accountId, site.accountId),
            eq(usageAlerts.meter, "storage"),
            eq(usageAlerts.level, 100),
          ),
        ),
    );
    const refused = await site.send("fourth.pdf", 100);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe("media.rejected");
    expect(refused.body.rejected).toEqual([{ name: "fourth.pdf", reason: "quota" }]);
    expect((await site.library()).usedBytes).toBe(library.usedBytes + third[0]!.size);

    // Back under the limit, files fit again; the limit applies only over it.
    const second = over.body.uploaded[0]!;
    expect((await site.owner.post(`/api/media/${second.id}/delete`, {})).status).toBe(200);
    expect((await site.send("fifth.pdf", 100)).body.uploaded).toHaveLength(1);
  });
});
