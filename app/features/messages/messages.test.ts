// Issue 35 messages' own logic (decision 065): one conversation per pair under 20 tabs at once,
// chat notifications and unread counts, read marks, who may write to whom (blocks and the
// site's rule), reports reaching the managers, search and paging, and live signals.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { listUnread } from "~/features/notifications/notifications.server";
import { createLogger } from "~/platform/logger.server";
import type { BusMessage } from "~/platform/pubsub/pubsub.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { THREAD_PAGE_SIZE } from "./message-shapes";
import { commandMessages, loadMessagesScreen, startDirect } from "./messages.server";
import { messages } from "./tables.server";

describe.each(backends)("Issue 35 messages on %s", (backend) => {
  let db: TestDatabase;
  let accountId = "";
  let owner: Viewer;
  let teacher: Viewer;
  let ann: Viewer;
  let bob: Viewer;
  let cat: Viewer;
  const heard: BusMessage[] = [];
  const logger = createLogger({ level: "silent" });
  const pubsub = createLocalPubSub(logger);
  pubsub.subscribe((message) => void heard.push(message));
  const rateLimits = createRateLimits({ database: null, logger });
  const logicTest = logicTestOn(backend);
  const command = (viewer: Viewer, body: unknown) =>
    commandMessages({ database: db.database, pubsub, rateLimits }, { accountId, viewer, body });
  const screen = (viewer: Viewer, query: Record<string, string> = {}) =>
    loadMessagesScreen({ database: db.database, pubsub }, { accountId, viewer, query });
  const start = async (viewer: Viewer, others: Viewer[], title = "") => {
    const answer = await command(viewer, {
      intent: "start",
      userIds: others.map((other) => other.user.id),
      title,
    });
    if (!answer.ok || !answer.id) throw new Error(`not started: ${JSON.stringify(answer)}`);
    return answer.id;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    owner = await memberViewer(db.database, {
      accountId,
      roleName: "site_owner",
      caps: ["manage_options"],
    });
    teacher = await memberViewer(db.database, {
      accountId,
      roleName: "instructor",
      caps: ["create_courses", "manage_students"],
    });
    ann = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    bob = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    cat = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
  }, 60_000);
  afterAll(async () => {
    await rateLimits.close();
    await db?.dispose();
  });

  test("Issue 35 two people meet in one conversation however many tabs start it at once", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        startDirect(
          { database: db.database, pubsub },
          { accountId, viewer: n % 2 ? ann : bob, userId: (n % 2 ? bob : ann).user.id },
        ),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const { conversations } = await screen(ann);
    expect(conversations.filter((entry) => entry.id === ids[0])).toHaveLength(1);
    expect(conversations[0]!.others.map((person) => person.userId)).toEqual([bob.user.id]);
  });

  logicTest(
    "Issue 35 D11 a message rings the other's chat bell, counts unread until read, and says Seen",
    async () => {
      const id = await start(ann, [cat]);
      heard.length = 0;
      const sent = await command(ann, { intent: "send", conversationId: id, body: "Hi Cat" });
      expect(sent).toMatchObject({ ok: true });
      const bell = await listUnread(db.database, {
        viewer: cat,
        hostAccountId: accountId,
        query: { type: "chat" },
      });
      expect(bell.unread.chat).toBe(1);
      expect(bell.items[0]).toMatchObject({
        type: "chat",
        data: { user_id: ann.user.id, message: "Hi Cat", url: `/dashboard/messages?c=${id}` },
      });
      expect(bell.items[0]!.message).toContain("Hi Cat");
      const live = heard.filter((message) => message.event === "conversation");
      expect(live).toEqual([
        expect.objectContaining({
          audience: { userIds: expect.arrayContaining([ann.user.id, cat.user.id]) },
          payload: { conversationId: id, kind: "message", userId: ann.user.id },
        }),
      ]);
      // The sender's own list counts nothing unread; the receiver's counts one.
      expect((await screen(ann)).conversations.find((c) => c.id === id)!.unread).toBe(0);
      const before = (await screen(cat, { c: id })) as Awaited<ReturnType<typeof screen>>;
      expect(before.conversations.find((c) => c.id === id)!.unread).toBe(1);
      expect(before.open!.messages.map((m) => m.body)).toEqual(["Hi Cat"]);
      // Opening the screen is opening the chat list: the bell is read.
      const after = await listUnread(db.database, {
        viewer: cat,
        hostAccountId: accountId,
        query: { type: "chat" },
      });
      expect(after.unread.chat).toBe(0);
      await command(cat, { intent: "read", conversationId: id });
      expect((await screen(cat)).conversations.find((c) => c.id === id)!.unread).toBe(0);
      const seen = (await screen(ann, { c: id })).open!;
      const catRead = seen.readBy.find((entry) => entry.userId === cat.user.id)!;
      expect(catRead.at >= seen.messages[0]!.createdAt).toBe(true);
    },
  );

  logicTest("Issue 35 someone outside a conversation neither reads nor writes it", async () => {
    const id = await start(ann, [bob, cat], "Study");
    await command(ann, { intent: "send", conversationId: id, body: "Group hello" });
    const outsider = await memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    expect((await screen(outsider, { c: id })).open).toBeNull();
    await expect(
      command(outsider, { intent: "send", conversationId: id, body: "let me in" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    expect((await screen(outsider, { q: "Group hello" })).found).toEqual([]);
    expect((await screen(bob, { q: "group HELLO" })).found.map((m) => m.conversationId)).toEqual([
      id,
    ]);
    // Leaving a group conversation takes it off one's list and out of its signals.
    await command(cat, { intent: "leave", conversationId: id });
    expect((await screen(cat)).conversations.some((c) => c.id === id)).toBe(false);
    await expect(
      command(cat, { intent: "send", conversationId: id, body: "back?" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
  });

  logicTest("Issue 35 a block stops both directions until it is lifted", async () => {
    const id = await start(bob, [cat]);
    await command(cat, { intent: "block", userId: bob.user.id, blocked: true });
    await expect(
      command(bob, { intent: "send", conversationId: id, body: "hello?" }),
    ).rejects.toMatchObject({ code: "messages.blocked" });
    await expect(start(cat, [bob])).rejects.toMatchObject({ code: "messages.blocked" });
    expect((await screen(bob, { c: id })).open!.canSend).toBe(false);
    expect((await screen(cat)).blocked).toEqual([bob.user.id]);
    await command(cat, { intent: "block", userId: bob.user.id, blocked: false });
    expect(await command(bob, { intent: "send", conversationId: id, body: "hello" })).toMatchObject(
      { ok: true },
    );
  });

  logicTest("Issue 35 the site's rule: instructors only, or off but for the managers", async () => {
    await expect(command(ann, { intent: "policy", policy: "off" })).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    await command(owner, { intent: "policy", policy: "instructors" });
    const pair = await start(owner, [ann]);
    await expect(start(ann, [bob])).rejects.toMatchObject({ code: "messages.notAllowed" });
    expect(await start(ann, [teacher])).toBeTruthy();
    expect(await start(teacher, [bob])).toBeTruthy();
    await command(owner, { intent: "policy", policy: "off" });
    expect((await screen(ann)).policy).toBe("off");
    await expect(start(ann, [teacher])).rejects.toMatchObject({ code: "messages.notAllowed" });
    // A member may still answer the site's managers.
    expect(await command(ann, { intent: "send", conversationId: pair, body: "Thanks!" })).toEqual({
      ok: true,
      id: expect.any(String),
    });
    await command(owner, { intent: "policy", policy: "everyone" });
    expect(await start(ann, [bob])).toBeTruthy();
  });

  logicTest("Issue 35 a reported message reaches the managers, once per reporter", async () => {
    const id = await start(bob, [ann]);
    const sent = await command(bob, { intent: "send", conversationId: id, body: "buy my course" });
    const messageId = sent.ok ? sent.id! : "";
    await expect(
      command(bob, { intent: "report", messageId, reason: "own" }),
    ).rejects.toMatchObject({ code: "route.notFound" });
    await command(ann, { intent: "report", messageId, reason: "spam" });
    await command(ann, { intent: "report", messageId, reason: "spam again" });
    const managers = await listUnread(db.database, {
      viewer: owner,
      hostAccountId: accountId,
      query: { type: "other" },
    });
    const told = managers.items.filter((item) => item.message.includes("buy my course"));
    expect(told).toHaveLength(1);
  });

  test("Issue 35 bad commands are refused by field, and a script address is no attachment", async () => {
    const id = await startDirect(
      { database: db.database, pubsub },
      { accountId, viewer: owner, userId: teacher.user.id },
    );
    for (const body of [
      { intent: "send", conversationId: id, body: "" },
      { intent: "send", conversationId: id, body: "x".repeat(4001) },
      {
        intent: "send",
        conversationId: id,
        body: "look",
        attachments: [{ url: "javascript:alert(1)", name: "x", kind: "file" }],
      },
      { intent: "start", userIds: [] },
      { intent: "nope" },
    ])
      await expect(command(owner, body)).rejects.toMatchObject({ name: "ZodError" });
    await expect(start(owner, [owner])).rejects.toMatchObject({ code: "request.invalid" });
  });

  logicTest("Issue 35 a long conversation pages back from the newest", async () => {
    const id = await start(teacher, [cat]);
    const base = Date.now() - 1_000_000;
    await db.database.forAccount(accountId, (tx) =>
      tx.insert(messages).values(
        Array.from({ length: THREAD_PAGE_SIZE + 5 }, (_, n) => ({
          accountId,
          conversationId: id,
          senderId: teacher.user.id,
          body: `message ${n}`,
          createdAt: new Date(base + n * 1000),
        })),
      ),
    );
    const first = (await screen(cat, { c: id })).open!;
    expect(first.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(first.messages.at(-1)!.body).toBe(`message ${THREAD_PAGE_SIZE + 4}`);
    const older = (await screen(cat, { c: id, before: first.older! })).open!;
    expect(older.messages.map((m) => m.body)).toEqual([0, 1, 2, 3, 4].map((n) => `message ${n}`));
    expect(older.older).toBeNull();
  });
});
