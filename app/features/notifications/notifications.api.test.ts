import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAccount, createMember, createUserWithPassword } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { notifyMember } from "./notifications.server";
import type { NotificationHistory, UnreadNotifications } from "./validation";

const password = "Bell-Harbour-Lantern-51";

describe.each(logicBackends)("D11 notifications on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];
  let accountId: string;
  let host: string;
  let otherHost: string;
  let ip = 0;
  const people = {} as Record<
    "owner" | "student" | "classmate" | "instructor",
    { id: string; email: string }
  >;

  async function signedIn(who: keyof typeof people, onHost = host) {
    const client = createClient(app, { host: onHost, ip: `10.61.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", {
      email: people[who].email,
      password,
    });
    expect(res.status).toBe(200);
    return client;
  }
  const unread = async (client: ReturnType<typeof createClient>, type = "all") => {
    const res = await client.request(`/api/notifications?type=${type}`);
    expect(res.status).toBe(200);
    return (await res.json()) as UnreadNotifications;
  };
  const notify = (userId: string, type: "chat" | "other", message: string) =>
    notifyMember(services, {
      accountId,
      input: { userId, type, message, data: { user_id: people.classmate.id, message: "hi" } },
    });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    ({ app, services } = createTestApp(db.database));
    const account = await createAccount(db.database, { slug: `bell${backend}` });
    const other = await createAccount(db.database, { slug: `otherbell${backend}` });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    otherHost = `${other.slug}.localhost`;
    const roles = {
      owner: "site_owner",
      student: "student",
      classmate: "student",
      instructor: "instructor",
    };
    for (const [who, roleName] of Object.entries(roles)) {
      const email = `${who}-${backend}@bell.test`;
      const user = await createUserWithPassword(db.database, { email, name: who, password });
      await createMember(db.database, { accountId, roleName, user });
      people[who as keyof typeof people] = { id: user.id, email };
    }
  });
  afterAll(() => db?.dispose());

  test("D11 only unread notifications are listed; the badge counts them", async () => {
    const student = await signedIn("student");
    const before = await unread(student);
    expect(before).toEqual({ items: [], unread: { total: 0, chat: 0, other: 0 } });
    const chatId = await notify(people.student.id, "chat", "New message from classmate");
    const otherId = await notify(people.student.id, "other", "<b>Quiz</b> graded");
    await notify(people.classmate.id, "other", "Not for the student");

    const after = await unread(student);
    expect(after.unread).toEqual({ total: 2, chat: 1, other: 1 });
    expect(after.items.map((item) => item.id).sort()).toEqual([chatId, otherId].sort());
    const chat = after.items.find((item) => item.id === chatId)!;
    expect(chat).toMatchObject({
      source: "member",
      type: "chat",
      read: false,
      severity: null,
      data: { user_id: people.classmate.id, message: "hi" },
    });
    expect((await unread(student, "chat")).items.map((item) => item.id)).toEqual([chatId]);
    expect((await unread(student, "other")).items.map((item) => item.id)).toEqual([otherId]);

    // A click marks it read: it leaves the list and the badge.
    const click = await student.post("/api/notifications/read", { source: "member", id: otherId });
    expect(click.status).toBe(200);
    const later = await unread(student);
    expect(later.unread).toEqual({ total: 1, chat: 1, other: 0 });
    expect(later.items.map((item) => item.id)).toEqual([chatId]);
  });

  test("D11 opening the chat list marks every chat notification read, and only those", async () => {
    const classmate = await signedIn("classmate");
    await notify(people.classmate.id, "chat", "one");
    await notify(people.classmate.id, "chat", "two");
    const before = (await unread(classmate)).unread;
    expect(before.chat).toBe(2);
    const res = await classmate.post("/api/notifications/read-all", { type: "chat" });
    expect(await res.json()).toEqual({ read: 2 });
    const after = (await unread(classmate)).unread;
    expect(after).toEqual({ total: before.other, chat: 0, other: before.other });
  });

  test("D11 account notifications go to the managers: posted sanitised, severity 1–5, read by a click", async () => {
    const owner = await signedIn("owner");
    const posted = await owner.post("/api/notifications/account", {
      message:
        '<p onclick="steal()">Plan renews <a href="javascript:alert(1)">soon</a><script>x()</script></p>',
      severity: 4,
    });
    expect(posted.status).toBe(201);
    const { notification } = (await posted.json()) as {
      notification: { id: string; message: string };
    };
    expect(notification.message).toBe('<p>Plan renews <a rel="noopener noreferrer">soon</a></p>');

    const list = await unread(owner, "other");
    expect(list.items[0]).toMatchObject({ id: notification.id, source: "account", severity: 4 });
    expect(list.unread.other).toBeGreaterThanOrEqual(1);
    // Students and instructors see none of them, and may not mark them.
    for (const who of ["student", "instructor"] as const) {
      const client = await signedIn(who);
      expect((await unread(client)).items.some((item) => item.source === "account")).toBe(false);
      const mark = await client.post("/api/notifications/read", {
        source: "account",
        id: notification.id,
      });
      expect(mark.status).toBe(403);
    }
    const click = await owner.post("/api/notifications/read", {
      source: "account",
      id: notification.id,
    });
    expect(click.status).toBe(200);
    expect((await unread(owner)).items.some((item) => item.id === notification.id)).toBe(false);
  });

  test("D11 posting is checked: managers only, valid severity, a message that survives sanitising", async () => {
    const owner = await signedIn("owner");
    for (const body of [
      { message: "x", severity: 0 },
      { message: "x", severity: 6 },
      { message: "", severity: 1 },
      { message: "<script>only()</script>", severity: 1 },
      { message: "x".repeat(5_001), severity: 1 },
    ]) {
      const res = await owner.post("/api/notifications/account", body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        "request.invalid",
      );
    }
    for (const who of ["student", "instructor"] as const) {
      const res = await (await signedIn(who)).post("/api/notifications/account", { message: "hi" });
      expect(res.status).toBe(403);
    }
    const anonymous = createClient(app, { host, ip: "10.61.1.1" });
    expect((await anonymous.post("/api/notifications/account", { message: "hi" })).status).toBe(
      401,
    );
    expect((await anonymous.request("/api/notifications")).status).toBe(401);
  });

  test("D11 nobody marks another person's notification or reads another account's", async () => {
    const classmate = await signedIn("classmate");
    const studentsOwn = await notify(people.student.id, "other", "private");
    const mark = await classmate.post("/api/notifications/read", {
      source: "member",
      id: studentsOwn,
    });
    expect(mark.status).toBe(404);
    expect(
      (await classmate.post("/api/notifications/read", { source: "member", id: "nope" })).status,
    ).toBe(400);
    // The student's session presented on another account's site is anonymous there.
    const student = await signedIn("student");
    const elsewhere = createClient(app, { host: otherHost, ip: "10.61.1.2" });
    for (const [name, value] of student.jar) elsewhere.jar.set(name, value);
    expect((await elsewhere.request("/api/notifications")).status).toBe(401);
    const still = await unread(student);
    expect(still.items.some((item) => item.id === studentsOwn)).toBe(true);
  });

  test("D11 the history keeps read notifications, newest first, a page at a time", async () => {
    const instructor = await signedIn("instructor");
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await notify(people.instructor.id, "other", `n${n}`));
    await instructor.post("/api/notifications/read", { source: "member", id: ids[0] });
    const first = (await (
      await instructor.request("/api/notifications/history?limit=2")
    ).json()) as NotificationHistory;
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextBefore).toBeTruthy();
    const second = (await (
      await instructor.request(
        `/api/notifications/history?limit=2&before=${encodeURIComponent(first.nextBefore!)}`,
      )
    ).json()) as NotificationHistory;
    expect(second.items.map((item) => [item.id, item.read])).toEqual([[ids[0], true]]);
    expect(second.nextBefore).toBeNull();
  });

  test("D11 a member notification needs a recipient who is a member of the account", async () => {
    const stranger = await createUserWithPassword(db.database, {
      email: `stranger-${backend}@bell.test`,
      password,
    });
    await expect(notify(stranger.id, "other", "hello")).rejects.toMatchObject({
      code: "request.invalid",
    });
    await expect(notify(people.student.id, "other", "<script>x</script>")).rejects.toMatchObject({
      code: "request.invalid",
    });
  });
});
