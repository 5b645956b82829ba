// Issue 35 the offline digest (decision 068): messages left unread for a quarter of an hour bring
// one e-mail, at most one every three hours, never for what was read, never to a member who
// turned it off or was suspended, and once however many runs overlap (PostgreSQL too).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/features/members/members.server";
import { members } from "~/features/members/tables.server";
import { createLogger } from "~/platform/logger.server";
import type { MailMessage, Mailer } from "~/platform/mail/mail.server";
import { createLocalPubSub } from "~/platform/pubsub/pubsub.server";
import { createRateLimits } from "~/platform/rate-limits/rate-limits.server";
import { createAccount, memberViewer } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandMessages, loadMessagesScreen, sendMessageDigests } from "./messages.server";
import { conversationMembers, messages } from "./tables.server";

describe.each(backends)("Issue 35 the unread messages digest on %s", (backend) => {
  let db: TestDatabase;
  const logger = createLogger({ level: "silent" });
  const pubsub = createLocalPubSub(logger);
  const rateLimits = createRateLimits({ database: null, logger });
  const logicTest = logicTestOn(backend);
  const sent: MailMessage[] = [];
  const mailer: Mailer = { transport: "smtp", send: async (mail) => void sent.push(mail) };
  const siteAddress = { baseDomain: "lyceum.test", like: "https://demo.lyceum.test" };
  const digest = () => sendMessageDigests({ database: db.database, mailer, siteAddress });
  /** Time passes on a site: its conversations' times move back, as if written that long ago. */
  const passTime = (accountId: string, minutes: number) =>
    db.database.forAccount(accountId, async (tx) => {
      const by = sql`make_interval(mins => ${minutes})`;
      await tx.execute(
        sql`update ${messages} set created_at = created_at - ${by} where account_id = ${accountId}`,
      );
      await tx.execute(sql`update ${conversationMembers}
        set last_read_at = last_read_at - ${by}, digested_at = digested_at - ${by}
        where account_id = ${accountId}`);
    });
  const mailsTo = (viewer: Viewer) => sent.filter((mail) => mail.to === viewer.membership!.email);

  /** A site of its own for each test, with three students. */
  async function site() {
    const { accountId } = await createAccount(db.database);
    const student = () => memberViewer(db.database, { accountId, roleName: "student", caps: [] });
    const [ann, bob, cat] = [await student(), await student(), await student()];
    const command = (viewer: Viewer, body: unknown) =>
      commandMessages({ database: db.database, pubsub, rateLimits }, { accountId, viewer, body });
    const write = async (from: Viewer, to: Viewer, ...bodies: string[]) => {
      const started = await command(from, { intent: "start", userIds: [to.user.id] });
      if (!started.ok || !started.id) throw new Error(JSON.stringify(started));
      for (const body of bodies)
        expect(await command(from, { intent: "send", conversationId: started.id, body })).toEqual(
          expect.objectContaining({ ok: true }),
        );
      return started.id;
    };
    return { accountId, ann, bob, cat, command, write };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  }, 60_000);
  afterAll(async () => {
    await rateLimits.close();
    await db?.dispose();
  });

  logicTest(
    "Issue 35 messages left unread a quarter of an hour bring one e-mail naming who wrote what, then none for three hours",
    async () => {
      const { accountId, ann, bob, write } = await site();
      const conversationId = await write(
        ann,
        bob,
        "Are you coming to the lab on Friday?",
        "Bring the <b>robot</b> kit",
      );
      await passTime(accountId, 5);
      await digest();
      expect(mailsTo(bob)).toHaveLength(0);

      await passTime(accountId, 15);
      await digest();
      const [mail, ...more] = mailsTo(bob);
      expect(more).toHaveLength(0);
      expect(mail!.subject).toContain("unread messages (2)");
      expect(mail!.template).toBe("messageDigest");
      expect(mail!.text).toContain(`${ann.membership!.name} · new: 2`);
      expect(mail!.text).toContain("Bring the <b>robot</b> kit");
      // Each conversation's own link on the site's address, and one to the whole screen.
      expect(mail!.text).toContain(`.lyceum.test/dashboard/messages?c=${conversationId}\n`);
      expect(mail!.text).toMatch(
        /Open messages: https:\/\/[\w-]+\.lyceum\.test\/dashboard\/messages\n/,
      );
      // The words are the member's, escaped in the HTML version.
      expect(mail!.html).toContain("Bring the &lt;b&gt;robot&lt;/b&gt; kit");
      expect(mail!.html).not.toContain("<b>robot</b>");
      expect(mailsTo(ann)).toHaveLength(0);

      await passTime(accountId, 5);
      await digest();
      expect(mailsTo(bob)).toHaveLength(1);
      // A new message within three hours of the digest waits for the next one.
      await write(ann, bob, "Also: the room changed to B12.");
      await passTime(accountId, 40);
      await digest();
      expect(mailsTo(bob)).toHaveLength(1);
      await passTime(accountId, 140);
      await digest();
      expect(mailsTo(bob)).toHaveLength(2);
      expect(mailsTo(bob)[1]!.subject).toContain("unread messages (3)");
      expect(mailsTo(bob)[1]!.text).toContain("Also: the room changed to B12.");
    },
  );

  logicTest(
    "Issue 35 read messages, a member who turned the digest off and a suspended member get no e-mail",
    async () => {
      const { accountId, ann, bob, cat, command, write } = await site();
      const read = await write(ann, bob, "Read this one at once");
      expect(await command(bob, { intent: "read", conversationId: read })).toEqual({ ok: true });

      expect(await command(cat, { intent: "digest", on: false })).toEqual({ ok: true });
      const screen = await loadMessagesScreen(
        { database: db.database, pubsub },
        { accountId, viewer: cat, query: {} },
      );
      expect(screen.digest).toBe(false);
      await write(ann, cat, "Cat turned the e-mails off");

      await write(bob, ann, "Ann is suspended");
      await db.database.forAccount(accountId, (tx) =>
        tx
          .update(members)
          .set({ suspendedAt: new Date() })
          .where(and(eq(members.accountId, accountId), eq(members.userId, ann.user.id))),
      );

      await passTime(accountId, 20);
      await digest();
      expect([...mailsTo(ann), ...mailsTo(bob), ...mailsTo(cat)]).toEqual([]);

      // Turned on again, the waiting message is mailed about.
      expect(await command(cat, { intent: "digest", on: true })).toEqual({ ok: true });
      await digest();
      expect(mailsTo(cat)).toHaveLength(1);
      expect(mailsTo(cat)[0]!.text).toContain("Cat turned the e-mails off");
    },
  );

  test("Issue 35 twenty digest runs at once mail a member once", async () => {
    const { accountId, bob, cat, write } = await site();
    await write(bob, cat, "One e-mail, not twenty");
    await passTime(accountId, 20);
    await Promise.all(Array.from({ length: 20 }, () => digest()));
    expect(mailsTo(cat)).toHaveLength(1);
  });
});
