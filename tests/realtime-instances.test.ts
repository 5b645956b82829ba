import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { screenCommand, send } from "./e2e/support/http";
import { projectRoot, startServer, tempDataDir, type RunningServer } from "./e2e/support/server";
import {
  deviceId,
  deviceInfo,
  openSocket,
  upgradeStatus,
  type SocketClient,
  eventually,
  presenceSeenBy,
} from "./support/realtime-client";

// Two server processes (the production build) on one PostgreSQL database, as a scaled-out
// deployment runs them, with real WebSocket clients: presence, notifications and the single
// session must cross between them over the bus (D11, D12, D13; DESIGN §6).
const password = "Lyceum-Demo-2026!";

describe.skipIf(!process.env.TEST_DATABASE_URL)("D12 realtime across two instances", () => {
  let admin: pg.Client;
  let databaseName: string;
  let first: RunningServer;
  let second: RunningServer;
  const sockets: SocketClient[] = [];

  const host = (server: RunningServer, slug = "demo") => `${slug}.localhost:${server.port}`;

  /**
   * A sign-in from an address of its own (any of 127.0.0.0/8 reaches the server): sign-ins are
   * limited per address, 3 in 10 s, counted by both instances together.
   */
  let addresses = 1;
  function signIn(server: RunningServer, email: string, slug = "demo"): Promise<string> {
    const payload = JSON.stringify({ email, password });
    const siteHost = host(server, slug);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          localAddress: `127.0.0.${++addresses}`,
          port: server.port,
          path: "/api/auth/sign-in/email",
          method: "POST",
          headers: {
            host: siteHost,
            origin: `http://${siteHost}`,
            "content-type": "application/json",
          },
        },
        (res) => {
          res.resume();
          if (res.statusCode !== 200)
            return reject(new Error(`sign-in answered ${res.statusCode}`));
          const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
          resolve(cookies.map((cookie) => cookie.split(";")[0]).join("; "));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  async function online(server: RunningServer, email: string, slug = "demo") {
    const cookie = await signIn(server, email, slug);
    const socket = await openSocket({ port: server.port, host: host(server, slug), cookie });
    sockets.push(socket);
    socket.send({ type: "join", channel: "onlineUsers", device_id: deviceId(), info: deviceInfo });
    const { key } = await socket.next("joined");
    await socket.next("presence_state");
    return { socket, cookie, key };
  }

  const dataDirs: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(projectRoot, "build/server/index.js")))
      throw new Error("This test runs the production build: run `npm run build` first.");
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    databaseName = `lyceum_rt_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    const env = {
      DATABASE_URL: url.toString(),
      AUTH_SECRET: "rt-only-secret-0123456789abcdefghij",
    };
    dataDirs.push(tempDataDir("rt-one"), tempDataDir("rt-two"));
    first = await startServer({ dataDir: dataDirs[0]!, env });
    second = await startServer({
      dataDir: dataDirs[1]!,
      env: { ...env, SEED_DEMO: "false" },
    });
    // acme's plan (starter) includes single_session: switch it on before any request reads acme.
    const database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
    await database.query(
      `UPDATE accounts SET settings = jsonb_set(settings, '{features}', '["lms","single_session"]')
        WHERE slug = 'acme'`,
    );
    await database.end();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([first?.stop(), second?.stop()]);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
  });

  test("D12 a member online through one instance is seen through the other, and leaves with the socket", async () => {
    const owner = await online(first, "owner@demo.test");
    const teacher = await online(second, "teacher@demo.test");
    const sees = (socket: SocketClient, key: string) =>
      presenceSeenBy(socket).some((entry) => entry.key === key);
    await eventually(() => sees(owner.socket, teacher.key), "the first sees the second's member");
    await eventually(() => sees(teacher.socket, owner.key), "the second sees the first's member");
    const entry = presenceSeenBy(owner.socket).find((e) => e.key === teacher.key)!;
    expect(entry).toMatchObject({
      info: deviceInfo,
      user: { name: "Theo Teacher", email: "teacher@demo.test" },
    });

    teacher.socket.close();
    await eventually(() => !sees(owner.socket, teacher.key), "the closed socket's presence gone");
  });

  test("D11 D12 a notification posted through one instance rings the bell on the other", async () => {
    const watcher = await online(second, "owner@demo.test");
    const cookie = await signIn(first, "owner@demo.test");
    const posted = await send({
      port: first.port,
      host: host(first),
      path: "/api/notifications/account",
      method: "POST",
      json: { message: "<p>Across instances</p>", severity: 3 },
      cookie,
    });
    expect(posted.status, posted.body).toBe(201);
    const { notification } = JSON.parse(posted.body) as { notification: { id: string } };
    const ring = await watcher.socket.next(
      "broadcast",
      (m) => m.event === "notification" && m.payload.id === notification.id,
    );
    expect(ring).toMatchObject({
      event: "notification",
      payload: { source: "account", type: "other" },
    });
    const list = await send({
      port: second.port,
      host: host(second),
      path: "/api/notifications",
      cookie,
    });
    expect(JSON.parse(list.body).items[0]).toMatchObject({ id: notification.id, severity: 3 });
  });

  test("Issue 35 D11 a message sent through one instance arrives live, with its chat notification, on the other", async () => {
    const student = await online(second, "student@demo.test");
    const welcome = student.socket.messages.find((m) => m.type === "welcome");
    const studentId = welcome && welcome.type === "welcome" ? welcome.user_id : "";
    const cookie = await signIn(first, "teacher@demo.test");
    const at = { port: first.port, host: host(first), screen: "/dashboard/messages", cookie };
    const started = await screenCommand<{ id: string }>({
      ...at,
      body: { intent: "start", userIds: [studentId], title: "" },
    });
    await screenCommand({
      ...at,
      body: { intent: "send", conversationId: started.id, body: "Across instances" },
    });
    const live = await student.socket.next(
      "broadcast",
      (m) => m.event === "conversation" && m.payload.conversationId === started.id,
    );
    expect(live.payload).toMatchObject({ kind: "message" });
    const ring = await student.socket.next(
      "broadcast",
      (m) => m.event === "notification" && m.payload.type === "chat",
    );
    expect(ring.payload).toMatchObject({ source: "member", type: "chat" });
  });

  test("D13 coming online on a second device through the other instance signs the first out", async () => {
    // A demo student signing in on acme's site becomes a student there (decision 007).
    const firstDevice = await online(first, "student@demo.test", "acme");
    const secondDevice = await online(second, "student@demo.test", "acme");
    expect(await firstDevice.socket.next("signed_out")).toMatchObject({
      code: "auth.singleSession",
    });
    expect((await firstDevice.socket.closed).code).toBe(4001);
    const me = (server: RunningServer, cookie: string) =>
      send({ port: server.port, host: host(server, "acme"), path: "/api/account/me", cookie });
    expect((await me(second, firstDevice.cookie)).status).toBe(401);
    expect((await me(first, secondDevice.cookie)).status).toBe(200);
    expect(
      await upgradeStatus({
        port: first.port,
        host: host(first, "acme"),
        cookie: firstDevice.cookie,
      }),
    ).toBe(401);
  });

  test("D12 an instance that shuts down takes its presence with it", async () => {
    const owner = await online(first, "owner@demo.test");
    const teacher = await online(second, "teacher@demo.test");
    await eventually(
      () => presenceSeenBy(owner.socket).some((e) => e.key === teacher.key),
      "the second's member seen",
    );
    expect(await second.stop()).toBe(0);
    expect((await teacher.socket.closed).code).toBe(1001);
    await eventually(
      () => !presenceSeenBy(owner.socket).some((e) => e.key.startsWith(teacher.key.split(".")[0]!)),
      "every entry of the stopped instance gone",
    );
  });
});
