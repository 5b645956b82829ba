import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { captureContact, bulkTag } from "~/features/contacts/contacts.server";
import { contacts } from "~/features/contacts/tables.server";
import { campaignRecipients } from "~/features/campaigns/tables.server";
import { recordOpen } from "~/features/campaigns/recipient-actions.server";
import { moveCampaign } from "~/features/campaigns/campaign-sending.server";
import { enrolments } from "~/features/learning/tables.server";
import { domainEvents } from "~/features/events/tables.server";
import { pointsLedger } from "~/features/gamification/tables.server";
import { holdLevel } from "~/features/memberships/memberships.server";
import { memberMemberships, memberships } from "~/features/memberships/tables.server";
import { createAccount, createCourse, createMember, viewerWith } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { tellAnniversaries } from "./automation-anniversaries.server";
import { automationConsumer } from "./automation-consumer.server";
import { advanceRun } from "./automation-engine.server";
import { commandAutomations } from "./automation-commands.server";
import { contactTimeline } from "./automation-reads.server";
import type { AutomationInput } from "./automation-shapes";
import { signWebhook } from "~/platform/webhook-signing.server";
import { callWebhook } from "./automation-webhook.server";
import { automationHistory, automationRuns, automations } from "./tables.server";

const owner = viewerWith({ id: "owner-1", name: "Owner", email: "owner@example.com" }, [
  "manage_options",
]);

describe.each(backends)("M5 automations on %s", (backend) => {
  let db: TestDatabase;
  let built: ReturnType<typeof createTestApp>;
  let accountId: string;
  let courseId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // The test clock: a minute's wait lasts a few milliseconds (the queue's second, at least).
    built = createTestApp(db.database, {
      AUTOMATION_WAIT_SCALE: "0.001",
      // The webhook test's receiver listens on 127.0.0.1.
      AUTOMATION_PRIVATE_WEBHOOKS: "true",
    });
    await built.services.jobs.start();
    accountId = (await createAccount(db.database)).accountId;
    courseId = (await createCourse(db.database, { accountId, title: "Free course", price: 0 })).id;
  });
  afterAll(async () => db?.dispose());

  const command = (body: unknown) =>
    commandAutomations(db.database, {
      accountId,
      viewer: owner,
      body,
      linkOrigin: "https://demo.example.com",
    });

  async function publish(input: AutomationInput) {
    const saved = await command({ intent: "save", id: null, automation: input });
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const published = await command({ intent: "publish", id: saved.id });
    expect(published).toMatchObject({ ok: true, version: 1, status: "active" });
    return saved.id;
  }

  async function memberContact(email: string) {
    const { user } = await createMember(db.database, { accountId, user: undefined });
    return db.database.forAccount(accountId, async (tx) => {
      const { contact } = await captureContact(tx, {
        accountId,
        email,
        userId: user.id,
        source: "signup",
        status: "subscribed",
        proof: { wording: "test", origin: "test" },
      });
      return { contactId: contact.id, userId: user.id };
    });
  }

  /** Hands on events and runs due jobs until `done` holds (waits come due on the queue's clock). */
  async function until<T>(
    done: () => Promise<T | null | undefined | false>,
    seconds = 60,
  ): Promise<T> {
    const end = Date.now() + seconds * 1000;
    for (;;) {
      await built.services.events.drain();
      await built.services.jobs.drain();
      const value = await done();
      if (value) return value;
      if (Date.now() > end) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const runsOf = (automationId: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(automationRuns)
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            eq(automationRuns.automationId, automationId),
          ),
        ),
    );

  const consumerOf = () =>
    automationConsumer({
      database: db.database,
      jobs: built.services.jobs,
      pubsub: built.services.pubsub,
      logger: built.services.logger,
    });

  const tag = (contactId: string, tags: string[]) =>
    bulkTag(db.database, {
      accountId,
      viewer: owner,
      input: { intent: "addTags", ids: [contactId], tags },
    });

  test("M5 automation: tagged → tag → wait 1 minute (test clock) → e-mail → if opened, enrol in a free course; the timeline shows each step", async () => {
    const automationId = await publish({
      name: "Lead nurture",
      reentry: false,
      graph: {
        trigger: {
          type: "contact.tagged",
          tag: "lead",
          formId: "",
          productId: "",
          courseId: "",
          membershipId: "",
        },
        steps: [
          { id: "tag1", type: "tag", tag: "nurtured" },
          {
            id: "wait1",
            type: "wait",
            mode: "duration",
            amount: 1,
            unit: "minutes",
            days: [],
            time: "09:00",
          },
          {
            id: "mail1",
            type: "email",
            subject: "Welcome {{first_name | friend}}",
            preheader: "",
            blocks: [{ type: "text", text: "Here is your free course." }],
            campaignId: "",
          },
          {
            id: "if1",
            type: "if",
            condition: { kind: "opened", stepId: "mail1" },
            within: 1,
            withinUnit: "days",
            yes: [{ id: "enrol1", type: "enrol", courseId }],
            no: [{ id: "tag2", type: "tag", tag: "cold" }],
          },
        ],
      },
    });
    const { contactId, userId } = await memberContact("ada@example.com");
    await tag(contactId, ["lead"]);
    // Past the wait: the e-mail is in its campaign's ledger, and the run waits on the open.
    const [waiting] = await until(async () => {
      const runs = await runsOf(automationId);
      return runs[0]?.cursor === "if1" && runs[0].status === "waiting" ? runs : null;
    });
    const [ledger] = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(campaignRecipients).where(eq(campaignRecipients.contactId, contactId)),
    );
    expect(ledger).toBeDefined();
    expect(waiting!.waitingFor).toBe("email.opened");
    // The e-mail's campaign is the automation's: the campaigns screen can neither cancel it nor
    // list it.
    await expect(
      moveCampaign(
        { database: db.database, jobs: built.services.jobs },
        { accountId, campaignId: ledger!.campaignId, move: "cancel" },
      ),
    ).rejects.toMatchObject({ code: "campaigns.wrongState" });
    await recordOpen(db.database, {
      accountId,
      campaignId: ledger!.campaignId,
      contactId,
      userAgent: "Mozilla/5.0 (Macintosh) Firefox/140.0",
      method: "GET",
    });
    const [done] = await until(async () => {
      const runs = await runsOf(automationId);
      return runs[0]?.status === "completed" ? runs : null;
    });
    expect(done!.endedAt).not.toBeNull();
    const [enrolled] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), eq(enrolments.courseId, courseId))),
    );
    expect(enrolled?.status).toBe("active");
    const [contact] = await db.database.forAccount(accountId, (tx) =>
      tx.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.id, contactId)),
    );
    expect(contact!.tags).toEqual(expect.arrayContaining(["lead", "nurtured"]));
    expect(contact!.tags).not.toContain("cold");
    const { entries } = await contactTimeline(db.database, {
      accountId,
      viewer: owner,
      email: "ADA@example.com",
    });
    expect(entries.map((entry) => `${entry.stepId}:${entry.outcome}`).reverse()).toEqual([
      "trigger:entered",
      "tag1:done",
      "wait1:waiting",
      "wait1:resumed",
      "mail1:done",
      "if1:waiting",
      "if1:yes",
      "enrol1:done",
      "end:completed",
    ]);
  });

  test("M5 automations: events handed on twice start one run, and 20 concurrent nudges run each step once", async () => {
    const automationId = await publish({
      name: "Once only",
      reentry: true,
      graph: {
        trigger: {
          type: "contact.tagged",
          tag: "once",
          formId: "",
          productId: "",
          courseId: "",
          membershipId: "",
        },
        steps: [
          { id: "taga", type: "tag", tag: "alpha" },
          { id: "tagb", type: "tag", tag: "beta" },
          { id: "untg", type: "untag", tag: "alpha" },
        ],
      },
    });
    const { contactId } = await memberContact("once@example.com");
    await tag(contactId, ["once"]);
    const events = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.contactId, contactId), eq(domainEvents.type, "contact.tagged"))),
    );
    // A relay that died before marking its batch delivered: the same events come again.
    const consumer = consumerOf();
    const stored = events.map((event) => ({ ...event, data: event.data ?? {} }));
    await Promise.all([consumer.take(accountId, stored), consumer.take(accountId, stored)]);
    await built.services.events.drain();
    const runs = await runsOf(automationId);
    expect(runs).toHaveLength(1);
    const services = {
      database: db.database,
      jobs: built.services.jobs,
      pubsub: built.services.pubsub,
      logger: built.services.logger,
    };
    await Promise.all(
      Array.from({ length: 20 }, () =>
        advanceRun(services, {
          accountId,
          runId: runs[0]!.id,
          nudge: { kind: "due", cursor: "taga" },
        }),
      ),
    );
    await until(async () => (await runsOf(automationId))[0]?.status === "completed");
    const lines = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(automationHistory).where(eq(automationHistory.runId, runs[0]!.id)),
    );
    expect(lines.map((line) => `${line.stepId}:${line.outcome}`).sort()).toEqual(
      ["end:completed", "taga:done", "tagb:done", "trigger:entered", "untg:done"].sort(),
    );
    const [contact] = await db.database.forAccount(accountId, (tx) =>
      tx.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.id, contactId)),
    );
    expect(contact!.tags.sort()).toEqual(["beta", "once"]);
  });

  test("M5 automations: 200 contacts tagged at once are stepped together — each tag once, each run's timeline whole, twenty hand-overs of the batch at once change nothing", async () => {
    const automationId = await publish({
      name: "Together",
      reentry: false,
      graph: {
        trigger: {
          type: "contact.tagged",
          tag: "crowd",
          formId: "",
          productId: "",
          courseId: "",
          membershipId: "",
        },
        steps: [
          { id: "first", type: "tag", tag: "first" },
          { id: "second", type: "tag", tag: "second" },
          { id: "drop", type: "untag", tag: "first" },
        ],
      },
    });
    const ids = await db.database.forAccount(accountId, async (tx) => {
      const made: string[] = [];
      for (let n = 0; n < 200; n++) {
        const { contact } = await captureContact(tx, {
          accountId,
          email: `crowd-${n}@example.com`,
          source: "import",
          status: "subscribed",
          proof: { wording: "test", origin: "test" },
        });
        made.push(contact.id);
      }
      return made;
    });
    await bulkTag(db.database, {
      accountId,
      viewer: owner,
      input: { intent: "addTags", ids, tags: ["crowd"] },
    });
    const started = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.accountId, accountId), eq(domainEvents.type, "contact.tagged"))),
    );
    const batch = started
      .filter((event) => event.data?.tag === "crowd")
      .map((event) => ({ ...event, data: event.data ?? {} }));
    expect(batch).toHaveLength(200);
    const consumer = consumerOf();
    await Promise.all(Array.from({ length: 20 }, () => consumer.take(accountId, batch)));
    await until(async () =>
      (await runsOf(automationId)).every((run) => run.status === "completed"),
    );
    const runs = await runsOf(automationId);
    expect(runs).toHaveLength(200);
    const lines = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(automationHistory)
        .where(
          and(
            eq(automationHistory.accountId, accountId),
            eq(automationHistory.automationId, automationId),
          ),
        ),
    );
    expect(lines).toHaveLength(200 * 5);
    for (const run of runs)
      expect(
        lines
          .filter((line) => line.runId === run.id)
          .map((line) => `${line.stepId}:${line.outcome}`)
          .sort(),
      ).toEqual(["drop:done", "end:completed", "first:done", "second:done", "trigger:entered"]);
    const tagged = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ type: domainEvents.type, data: domainEvents.data })
        .from(domainEvents)
        .where(eq(domainEvents.accountId, accountId)),
    );
    const told = (type: string, tag: string) =>
      tagged.filter((event) => event.type === type && event.data?.tag === tag).length;
    expect([told("contact.tagged", "first"), told("contact.tagged", "second")]).toEqual([200, 200]);
    expect(told("contact.untagged", "first")).toBe(200);
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.accountId, accountId)),
    );
    const crowd = rows.filter((row) => row.tags.includes("crowd"));
    expect(crowd).toHaveLength(200);
    expect(crowd.every((row) => [...row.tags].sort().join() === "crowd,second")).toBe(true);
  });

  test("M5 automations: a published change leaves runs inside on their version; a contact inside does not enter twice, and the timeline says why", async () => {
    const input = (wait: number): AutomationInput => ({
      name: "Versions",
      reentry: false,
      graph: {
        trigger: {
          type: "contact.tagged",
          tag: "ver",
          formId: "",
          productId: "",
          courseId: "",
          membershipId: "",
        },
        steps: [
          {
            id: "wait",
            type: "wait",
            mode: "duration",
            amount: wait,
            unit: "days",
            days: [],
            time: "09:00",
          },
          { id: "tagv", type: "tag", tag: `v${wait}` },
        ],
      },
    });
    const automationId = await publish(input(30));
    const first = await memberContact("v1@example.com");
    await tag(first.contactId, ["ver"]);
    await until(async () => (await runsOf(automationId))[0]?.status === "waiting");
    // The owner shortens the wait and publishes again.
    expect(await command({ intent: "save", id: automationId, automation: input(0) })).toMatchObject(
      { ok: true },
    );
    expect(await command({ intent: "publish", id: automationId })).toMatchObject({
      ok: true,
      version: 2,
    });
    const second = await memberContact("v2@example.com");
    await tag(second.contactId, ["ver"]);
    const runs = await until(async () => {
      const all = await runsOf(automationId);
      return all.some((run) => run.status === "completed") ? all : null;
    });
    const byContact = new Map(runs.map((run) => [run.contactId, run]));
    expect(byContact.get(first.contactId)).toMatchObject({
      version: 1,
      status: "waiting",
      cursor: "wait",
    });
    expect(byContact.get(second.contactId)).toMatchObject({ version: 2, status: "completed" });
    // The event that started the run, handed on again (a lapsed hold): no run, no line.
    const again = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(domainEvents)
        .where(
          and(eq(domainEvents.contactId, first.contactId), eq(domainEvents.type, "contact.tagged")),
        ),
    );
    await consumerOf().take(
      accountId,
      again.map((event) => ({ ...event, data: event.data ?? {} })),
    );
    const linesOfFirst = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ outcome: automationHistory.outcome })
        .from(automationHistory)
        .where(eq(automationHistory.contactId, first.contactId)),
    );
    expect(linesOfFirst.map((line) => line.outcome).sort()).toEqual(["entered", "waiting"]);
    // Tagged again while inside: no second run, and the timeline tells why.
    await bulkTag(db.database, {
      accountId,
      viewer: owner,
      input: { intent: "removeTags", ids: [first.contactId], tags: ["ver"] },
    });
    await tag(first.contactId, ["ver"]);
    const timeline = await until(async () => {
      const { entries } = await contactTimeline(db.database, {
        accountId,
        viewer: owner,
        email: "v1@example.com",
      });
      return entries.some((entry) => entry.outcome === "notEntered") ? entries : null;
    });
    expect(timeline.find((entry) => entry.outcome === "notEntered")?.detail).toMatchObject({
      reason: "alreadyInside",
    });
    // Stopped: the run inside ends, with its line.
    expect(await command({ intent: "stop", id: automationId })).toMatchObject({
      ok: true,
      status: "stopped",
    });
    const stopped = await runsOf(automationId);
    expect(stopped.find((run) => run.contactId === first.contactId)?.status).toBe("stopped");
    await expect(command({ intent: "pause", id: automationId })).rejects.toMatchObject({
      code: "automations.wrongState",
    });
  });

  test("M5 automations: a dry run says what each step would do for a sample contact, doing nothing", async () => {
    const saved = await command({
      intent: "save",
      id: null,
      automation: {
        name: "Dry",
        graph: {
          trigger: { type: "form.submitted" },
          steps: [
            {
              id: "chk1",
              type: "if",
              condition: { kind: "hasTag", tag: "vip" },
              yes: [{ id: "tagy", type: "tag", tag: "seen" }],
              no: [{ id: "ntfy", type: "notify", message: "Hello" }],
            },
            { id: "wh01", type: "webhook", url: "https://hooks.example.com/in" },
          ],
        },
      },
    });
    if (!saved.ok) throw new Error("not saved");
    const { contactId } = await memberContact("dry@example.com");
    await tag(contactId, ["vip"]);
    const answer = await command({ intent: "dryRun", id: saved.id, email: "dry@example.com" });
    expect(answer).toMatchObject({ ok: true });
    const lines = "dryRun" in answer ? answer.dryRun.lines : [];
    expect(lines.map((line) => `${line.stepId}:${line.outcome}`)).toEqual([
      "trigger:would",
      "chk1:yes",
      "tagy:would",
      "wh01:would",
      "end:would",
    ]);
    const [contact] = await db.database.forAccount(accountId, (tx) =>
      tx.select({ tags: contacts.tags }).from(contacts).where(eq(contacts.id, contactId)),
    );
    expect(contact!.tags).not.toContain("seen");
  });

  test("M5 automations: a webhook step posts the contact, signed (Standard Webhooks), to the address it checked; a failing answer is retried by the queue", async () => {
    const calls: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    let answer = 200;
    const receiver = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        calls.push({ headers: request.headers, body });
        response.statusCode = answer;
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      const automationId = await publish({
        name: "Hook",
        reentry: false,
        graph: {
          trigger: {
            type: "contact.tagged",
            tag: "hook",
            formId: "",
            productId: "",
            courseId: "",
            membershipId: "",
          },
          steps: [{ id: "hook", type: "webhook", url: `http://127.0.0.1:${port}/in` }],
        },
      });
      const { contactId } = await memberContact("hook@example.com");
      await tag(contactId, ["hook"]);
      await until(async () => calls.length > 0);
      const [call] = calls;
      const { secret } = await db.database.forAccount(accountId, async (tx) => {
        const [row] = await tx
          .select({ secret: automations.signingSecret })
          .from(automations)
          .where(eq(automations.id, automationId));
        return { secret: row!.secret };
      });
      const id = String(call!.headers["webhook-id"]);
      const timestamp = Number(call!.headers["webhook-timestamp"]);
      expect(call!.headers["webhook-signature"]).toBe(
        signWebhook(secret, { id, timestamp, body: call!.body }),
      );
      expect(JSON.parse(call!.body).data.contact).toMatchObject({
        id: contactId,
        email: "hook@example.com",
      });
      // A receiver that fails: the job throws, so the queue tries again later with the same id.
      answer = 500;
      const [run] = await runsOf(automationId);
      const services = {
        database: db.database,
        allowPrivate: true,
        resolve: async () => ["127.0.0.1"],
      };
      const data = {
        accountId,
        runId: run!.id,
        stepId: "hook",
        url: `http://127.0.0.1:${port}/in`,
        at: new Date().toISOString(),
      };
      await expect(callWebhook(services, data)).rejects.toThrow("webhook answered 500");
      expect(calls.at(-1)!.headers["webhook-id"]).toBe(id);
      // The call goes to the address that was checked, not to a second lookup of the name
      // (which could point elsewhere by then): a name nobody can resolve still reaches it.
      answer = 204;
      expect(
        await callWebhook(services, { ...data, url: `http://hooks.invalid:${port}/in` }),
      ).toEqual({ status: 204 });
      expect(calls.at(-1)!.headers.host).toBe(`hooks.invalid:${port}`);
      // A private address is not called unless the operator allows it.
      expect(await callWebhook({ ...services, allowPrivate: false }, data)).toEqual({
        skipped: "privateHost",
      });
    } finally {
      receiver.close();
    }
  });

  test("M5 automations: a membership that starts gives points once, then is taken away; the member's quiz, membership and points are one ledger", async () => {
    const [level] = await db.database.forAccount(accountId, (tx) =>
      tx
        .insert(memberships)
        .values({ accountId, name: "Gold", slug: `gold-${Date.now()}` })
        .returning({ id: memberships.id }),
    );
    const automationId = await publish({
      name: "Gold welcome",
      reentry: false,
      graph: {
        trigger: {
          type: "membership.started",
          membershipId: level!.id,
          formId: "",
          tag: "",
          productId: "",
          courseId: "",
        },
        steps: [
          { id: "pts", type: "points", points: 50 },
          {
            id: "chk",
            type: "if",
            condition: { kind: "hasMembership", membershipId: level!.id },
            within: 0,
            withinUnit: "days",
            yes: [{ id: "rev", type: "revoke", membershipId: level!.id }],
            no: [],
          },
        ],
      },
    });
    const { userId } = await memberContact("gold@example.com");
    await db.database.forAccount(accountId, (tx) =>
      holdLevel(tx, {
        accountId,
        membershipId: level!.id,
        userId,
        source: "manual",
        orderId: null,
        now: new Date(),
      }),
    );
    await until(async () => (await runsOf(automationId))[0]?.status === "completed");
    const points = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, "automation"))),
    );
    expect(points.map((row) => row.points)).toEqual([50]);
    const [held] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select({ status: memberMemberships.status })
        .from(memberMemberships)
        .where(eq(memberMemberships.userId, userId)),
    );
    expect(held?.status).toBe("cancelled");
    const { entries } = await contactTimeline(db.database, {
      accountId,
      viewer: owner,
      email: "gold@example.com",
    });
    expect(entries.map((entry) => `${entry.stepId}:${entry.outcome}`).reverse()).toEqual([
      "trigger:entered",
      "pts:done",
      "chk:yes",
      "rev:done",
      "end:completed",
    ]);
  });

  test("M5 automations: a contact's date field starts a run on its day each year, once; a 29 February comes round on the 28th", async () => {
    const automationId = await publish({
      name: "Birthdays",
      reentry: true,
      graph: {
        trigger: {
          type: "contact.anniversary",
          tag: "birthday",
          formId: "",
          productId: "",
          courseId: "",
          membershipId: "",
        },
        steps: [{ id: "bday", type: "tag", tag: "celebrated" }],
      },
    });
    const { contactId } = await memberContact("bday@example.com");
    const leapling = await memberContact("leap@example.com");
    await db.database.forAccount(accountId, async (tx) => {
      await tx
        .update(contacts)
        .set({ fields: { birthday: "1990-02-28" } })
        .where(eq(contacts.id, contactId));
      await tx
        .update(contacts)
        .set({ fields: { birthday: "2000-02-29" } })
        .where(eq(contacts.id, leapling.contactId));
    });
    // 28 February 2027 at noon (the site's zone is UTC): both, once however often it looks.
    const day = new Date("2027-02-28T12:00:00Z");
    const first = await tellAnniversaries(db.database, { now: day });
    const again = await tellAnniversaries(db.database, {
      now: new Date(day.getTime() + 3_600_000),
    });
    expect(first.told).toBe(2);
    expect(again.told).toBe(0);
    const runs = await until(async () => {
      const all = await runsOf(automationId);
      return all.filter((run) => run.status === "completed").length === 2 ? all : null;
    });
    expect(runs.map((run) => run.contactId).sort()).toEqual([contactId, leapling.contactId].sort());
    // The next day is no one's.
    expect(
      (await tellAnniversaries(db.database, { now: new Date("2027-03-01T12:00:00Z") })).told,
    ).toBe(0);
  });
});
