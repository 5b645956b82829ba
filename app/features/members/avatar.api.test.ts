import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, type World } from "../../../tests/support/access-matrix";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";

let ipCount = 0;
const ip = () => `10.77.0.${++ipCount}`;

describe.each(logicBackends)("D14 avatars and profile on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    world = await buildWorld(db.database, "root@platform.test");
  });
  afterAll(() => db?.dispose());

  async function student() {
    const client = createClient(app, { host: world.demo.host, ip: ip() });
    await client.post("/api/auth/sign-in/email", {
      email: world.people.student.email,
      password: "Matrix-Harbour-Quartz-88",
    });
    return client;
  }

  function upload(client: ReturnType<typeof createClient>, body: Buffer, name: string) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(body)]), name);
    const headers = new Headers({ host: world.demo.host, origin: `http://${world.demo.host}` });
    headers.set("cookie", [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    return app.request(
      `http://${world.demo.host}/api/account/avatar`,
      { method: "POST", body: form, headers },
      {
        incoming: { socket: { remoteAddress: "10.77.1.1" } },
      },
    );
  }

  test("D14 an uploaded image becomes a 256 px JPEG at avatars/{user_id}/avatar.jpg, served on its own site only", async () => {
    const client = await student();
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#e8590c" },
    })
      .png()
      .toBuffer();
    const res = await upload(client, png, "me.png");
    expect(res.status).toBe(200);
    const { avatar } = (await res.json()) as { avatar: string };
    expect(avatar).toMatch(
      new RegExp(
        `^/files/account-${world.demo.accountId}/avatars/${world.people.student.userId}/avatar\\.jpg\\?v=\\d+$`,
      ),
    );

    const file = await client.request(avatar);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 256, 256]);

    const me = await (await client.request("/api/account/me")).json();
    expect(me.membership.avatar).toBe(avatar);

    const elsewhere = createClient(app, { host: world.acme.host, ip: ip() });
    expect((await elsewhere.request(avatar)).status).toBe(404);
  });

  test("V3 a file that is not an image is refused whatever its name", async () => {
    const client = await student();
    const res = await upload(
      client,
      Buffer.from("<svg onload=alert(1)>not really</svg>"),
      "photo.png",
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "upload.invalidImage" } });
  });

  test("A5 anonymous uploads and renames are 401; a member renames themself", async () => {
    const anonymous = createClient(app, { host: world.demo.host, ip: ip() });
    expect((await anonymous.post("/api/account/profile", { name: "Mallory" })).status).toBe(401);
    const client = await student();
    expect((await client.post("/api/account/profile", { name: "" })).status).toBe(400);
    expect((await client.post("/api/account/profile", { name: "Stu Dent" })).status).toBe(200);
    const me = await (await client.request("/api/account/me")).json();
    expect(me.membership.name).toBe("Stu Dent");
  });
});
