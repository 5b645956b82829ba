import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  deviceId,
  deviceInfo,
  openSocket,
  upgradeStatus,
  type SocketClient,
  eventually,
  presenceSeenBy,
} from "../../../tests/support/realtime-client";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { listenWithRealtime } from "../../../tests/support/realtime-server";
import { createTestApp } from "../../../tests/support/test-server";
import {
  createAccountNotification,
  notifyMember,
} from "~/features/notifications/notifications.server";
import type { AccountSettings } from "~/features/accounts/validation";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import { announceMembershipChange } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { and, eq } from "drizzle-orm";
import { createRealtimeHub } from "./realtime.server";
import { closeCodes, onlineMembers } from "./protocol";

const password = "Socket-Meadow-Violet-73";
type Who = "owner" | "student" | "classmate" | "otherOwner";

describe.each(backends)("D12 D13 realtime on %s", (backend) => {
  let db: TestDatabase;
  let services: ReturnType<typeof createTestApp>["services"];
  let app: ReturnType<typeof createTestApp>["app"];
  let port: number;
  let stop: () => Promise<void>;
  const sites = {} as Record<"demo" | "acme" | "solo", { accountId: string; slug: string }>;
  const people = {} as Record<Who, { id: string; email: string; site: "demo" | "acme" | "solo" }>;
  const sockets: SocketClient[] = [];
  let ip = 0;

  const hostOf = (site: keyof typeof sites) => `${sites[site].slug}.localhost:${port}`;

  /** A browser signed in as `who` on `site` (their own by default): its cookie header. */
  async function signIn(who: Who, site = people[who].site) {
    const client = createClient(app, { host: hostOf(site), ip: `10.62.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", {
      email: people[who].email,
      password,
    });
    expect(res.status).toBe(200);
    return { client, cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") };
  }

  async function online(who: Who, { site = people[who].site, device = deviceId() } = {}) {
    const { cookie, client } = await signIn(who, site);
    const socket = await openSocket({ port, host: hostOf(site), cookie });
    sockets.push(socket);
    socket.send({ type: "join", channel: "onlineUsers", device_id: device, info: deviceInfo });
    await socket.next("presence_state");
    return { socket, client, cookie };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    ({ app, services } = createTestApp(db.database));
    // Short heartbeats, so a dead socket goes within a test.
    services.realtime = createRealtimeHub({
      pubsub: services.pubsub,
      database: db.database,
      logger: services.logger,
      rateLimits: services.rateLimits,
      heartbeatMs: 500,
    });
    const siteSettings: [keyof typeof sites, AccountSettings][] = [
      ["demo", {}],
      ["acme", {}],
      ["solo", { plan: "starter", features: ["single_session"] }],
    ];
    for (const [site, settings] of siteSettings) {
      const account = await createAccount(db.database, { slug: `${site}rt${backend}`, settings });
      sites[site] = { accountId: account.accountId, slug: account.slug };
    }
    const roster: [Who, "demo" | "acme" | "solo", string][] = [
      ["owner", "demo", "site_owner"],
      ["student", "demo", "student"],
      ["classmate", "demo", "student"],
      ["otherOwner", "acme", "site_owner"],
    ];
    for (const [who, site, roleName] of roster) {
      const email = `${who.toLowerCase()}-${backend}@rt.test`;
      const user = await createUserWithPassword(db.database, { email, name: who, password });
      await createMember(db.database, { accountId: sites[site].accountId, roleName, user });
      // Everyone but acme's owner is also a member of the single-session site, with the same role.
      if (site === "demo")
        await createMember(db.database, { accountId: sites.solo.accountId, roleName, user });
      people[who] = { id: user.id, email, site };
    }
    ({ port, stop } = await listenWithRealtime(app, services));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stop?.();
    await db?.dispose();
  });

  test("D12 members join onlineUsers: device_id, info and user; the count counts people once", async () => {
    const device = deviceId();
    const owner = await online("owner", { device });
    const student = await online("student");
    await online("student"); // a second tab
    await eventually(() => presenceSeenBy(owner.socket).length >= 3, "three entries");
    const seen = presenceSeenBy(owner.socket);
    const mine = seen.find((entry) => entry.device_id === device)!;
    expect(mine).toMatchObject({
      info: deviceInfo,
      user: {
        id: people.owner.id,
        name: "owner",
        email: people.owner.email,
        account_id: sites.demo.accountId,
      },
    });
    expect(mine.user).toHaveProperty("avatar");
    expect(
      onlineMembers(seen)
        .map((user) => user.id)
        .sort(),
    ).toEqual([people.owner.id, people.student.id].sort());
    // E-mails are for the site's managers; a student sees names only.
    await eventually(() => presenceSeenBy(student.socket).length >= 3, "student sees three");
    expect(presenceSeenBy(student.socket).every((entry) => entry.user.email === null)).toBe(true);
  });

  test("D12 a socket needs a session of this site and its own Origin", async () => {
    const demo = hostOf("demo");
    expect(await upgradeStatus({ port, host: demo })).toBe(401);
    const { cookie } = await signIn("student");
    expect(await upgradeStatus({ port, host: demo, cookie })).toBe(101);
    expect(await upgradeStatus({ port, host: demo, cookie, origin: "http://evil.test" })).toBe(403);
    expect(await upgradeStatus({ port, host: demo, cookie, origin: `https://${demo}` })).toBe(403);
    // demo's session presented on acme's site is no session there.
    expect(await upgradeStatus({ port, host: hostOf("acme"), cookie })).toBe(401);
    expect(await upgradeStatus({ port, host: `nosuch.localhost:${port}`, cookie })).toBe(404);
  });

  test("D12 joining another account's channel gets nothing", async () => {
    const { socket: acmeOwner } = await online("otherOwner");
    const { cookie } = await signIn("student");
    const intruder = await openSocket({ port, host: hostOf("demo"), cookie });
    sockets.push(intruder);
    intruder.send({
      type: "join",
      channel: "onlineUsers",
      account_id: sites.acme.accountId,
      device_id: deviceId(),
    });
    expect(await intruder.next("error")).toEqual({ type: "error", code: "auth.forbidden" });
    expect(intruder.messages.some((m) => m.type === "presence_state" || m.type === "joined")).toBe(
      false,
    );
    await createAccountNotification(services, {
      accountId: sites.acme.accountId,
      input: { message: "for acme's managers", severity: 3 },
    });
    await acmeOwner.next("broadcast");
    expect(await intruder.receivesWithin("broadcast", 200)).toBe(false);
    // acme's presence never shows demo's people, nor demo's acme's.
    expect(
      presenceSeenBy(acmeOwner).every((entry) => entry.user.account_id === sites.acme.accountId),
    ).toBe(true);
  });

  test("D11 D12 a notification broadcast reaches its audience's sockets only", async () => {
    const { socket: owner } = await online("owner");
    const { socket: student } = await online("student");
    const { socket: classmate } = await online("classmate");
    const id = await notifyMember(services, {
      accountId: sites.demo.accountId,
      input: {
        userId: people.student.id,
        type: "chat",
        message: "Hello",
        data: { user_id: people.classmate.id },
      },
    });
    expect(
      (await student.next("broadcast", (m) => m.event === "notification" && m.payload.id === id))
        .payload,
    ).toEqual({
      source: "member",
      type: "chat",
      id,
    });
    const notice = await createAccountNotification(services, {
      accountId: sites.demo.accountId,
      input: { message: "Renewal due", severity: 5 },
    });
    expect(
      (
        await owner.next(
          "broadcast",
          (m) => m.event === "notification" && m.payload.id === notice.id,
        )
      ).event,
    ).toBe("notification");
    await new Promise((resolve) => setTimeout(resolve, 150));
    const got = (socket: SocketClient, wanted: string) =>
      socket.messages.some(
        (m) => m.type === "broadcast" && m.event === "notification" && m.payload.id === wanted,
      );
    expect(got(owner, id)).toBe(false);
    expect(got(classmate, id)).toBe(false);
    expect(got(student, notice.id)).toBe(false);
    expect(got(classmate, notice.id)).toBe(false);
  });

  test("D12 presence goes when a socket closes, and dead sockets are ended by the heartbeat", async () => {
    const { socket: owner } = await online("owner");
    const sees = (key: string) => presenceSeenBy(owner).some((entry) => entry.key === key);

    const leaving = await online("classmate");
    const { key } = await leaving.socket.next("joined");
    await eventually(() => sees(key), "classmate online");
    leaving.socket.close();
    await eventually(() => !sees(key), "closed socket's presence gone");

    // A socket that stops answering pings (its reader paused) is ended within a few beats.
    const dead = await online("student");
    const { key: deadKey } = await dead.socket.next("joined");
    await eventually(() => sees(deadKey), "student online");
    (dead.socket.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await eventually(() => !sees(deadKey), "dead socket's presence gone");
  });

  test("D12 bad messages are refused; a flood ends the socket", async () => {
    const { cookie } = await signIn("student");
    const socket = await openSocket({ port, host: hostOf("demo"), cookie });
    sockets.push(socket);
    socket.ws.send("not json");
    expect(await socket.next("error")).toEqual({ type: "error", code: "request.invalid" });
    socket.send({ type: "join", channel: "onlineUsers", device_id: "<script>" });
    await socket.next("error", () => socket.messages.filter((m) => m.type === "error").length >= 2);
    expect(socket.messages.some((m) => m.type === "joined")).toBe(false);
    socket.send({ type: "ping" });
    await socket.next("pong");
    for (let n = 0; n < 60; n++) socket.send({ type: "ping" });
    expect((await socket.closed).code).toBe(closeCodes.policy);
  });

  test("D13 single session: coming online on a second device signs the first out, with singleSession", async () => {
    const first = await online("student", { site: "solo" });
    const second = await online("student", { site: "solo" });
    expect(await first.socket.next("signed_out")).toEqual({
      type: "signed_out",
      reason: "singleSession",
      code: "auth.singleSession",
    });
    expect((await first.socket.closed).code).toBe(closeCodes.signedOut);
    // The first device's session is gone on the server; the second's still works.
    expect((await first.client.request("/api/account/me")).status).toBe(401);
    expect((await second.client.request("/api/account/me")).status).toBe(200);
    expect(await upgradeStatus({ port, host: hostOf("solo"), cookie: first.cookie })).toBe(401);
    expect(await second.socket.receivesWithin("signed_out", 150)).toBe(false);
  });

  test("D13 managers are exempt, and without the feature nobody is signed out", async () => {
    const ownerFirst = await online("owner", { site: "solo" });
    await online("owner", { site: "solo" });
    expect(await ownerFirst.socket.receivesWithin("signed_out", 200)).toBe(false);
    expect((await ownerFirst.client.request("/api/account/me")).status).toBe(200);

    const demoFirst = await online("classmate", { site: "demo" });
    await online("classmate", { site: "demo" });
    expect(await demoFirst.socket.receivesWithin("signed_out", 200)).toBe(false);
    expect((await demoFirst.client.request("/api/account/me")).status).toBe(200);
  });

  test("Issue 35 a member suspended while online loses their sockets, and is refused on reconnecting", async () => {
    const classmate = await online("classmate", { site: "demo" });
    const { accountId } = sites.demo;
    const suspend = async (at: Date | null) => {
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(members)
          .set({ suspendedAt: at })
          .where(and(eq(members.accountId, accountId), eq(members.userId, people.classmate.id))),
      );
      await announceMembershipChange(services.pubsub, { accountId, userId: people.classmate.id });
    };
    await suspend(new Date());
    try {
      expect((await classmate.socket.closed).code).toBe(closeCodes.goingAway);
      expect(await upgradeStatus({ port, host: hostOf("demo"), cookie: classmate.cookie })).toBe(
        403,
      );
    } finally {
      await suspend(null);
    }
    expect(await upgradeStatus({ port, host: hostOf("demo"), cookie: classmate.cookie })).toBe(101);
  });
});
