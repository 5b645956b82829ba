import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openFeedbackRig, type FeedbackSite } from "../../../tests/support/feedback-rig";
import {
  mailgunRelay,
  postmarkRelay,
  sendgridRelay,
  sesRelay,
} from "../../../tests/support/mail-relays";
import { backends, logicTestOn } from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import type { SiteWebhookRelay } from "./sender-shapes";
import { secretContext } from "./sender-store.server";
import { campaignSendingSettings } from "./tables.server";

/*
 * M5 bounces and complaints taken from the relays' webhooks (decision 055, addendum "bounces and
 * complaints by webhook"): real campaigns sent to an SMTP sink, then each relay's own JSON about
 * what the sink received, signed as the relay signs it, posted over HTTP to the app.
 */

type Payload = { body: string; headers: Record<string, string> };
type Relay = {
  /** A hard bounce of the message: the address is gone (5.1.1). */
  hardBounce(messageId: string): Payload;
  complaint(messageId: string): Payload;
  /** Events that change nothing: soft bounces, delays, deliveries, a refusal of the message. */
  harmless(messageId: string): Payload[];
  /** The hard bounce with a signature that does not hold, and one signed too long ago (a relay that signs a time). */
  forged(messageId: string): Payload;
  stale?(messageId: string): Payload;
  /** The hard bounce as a stranger could post it, without the relay's signature. */
  unsigned(messageId: string): Payload;
  /** Signed as the relay signs, but not the relay's JSON. */
  foreign(): Payload;
  /** The media type the relay posts with. */
  type: string;
};

const json = "application/json";
const longAgo = () => new Date(Date.now() - 6 * 60_000);

const mg = mailgunRelay();
const mailgun: Relay = {
  type: json,
  hardBounce: (id) => ({
    body: JSON.stringify(mg.signed(mg.failed(id, "permanent"))),
    headers: {},
  }),
  complaint: (id) => ({ body: JSON.stringify(mg.signed(mg.event(id, "complained"))), headers: {} }),
  harmless: (id) =>
    [
      mg.failed(id, "temporary", "4.2.2"),
      // Permanent, but a spam block or a full mailbox: the message is refused, not the address.
      mg.failed(id, "permanent", "5.7.1"),
      mg.failed(id, "permanent", "5.2.2"),
      mg.event(id, "delivered"),
      mg.event(id, "opened"),
    ].map((event) => ({ body: JSON.stringify(mg.signed(event)), headers: {} })),
  forged: (id) => ({
    body: JSON.stringify(mg.signed(mg.failed(id, "permanent"), { wrongKey: true })),
    headers: {},
  }),
  stale: (id) => ({
    body: JSON.stringify(mg.signed(mg.failed(id, "permanent"), { at: longAgo() })),
    headers: {},
  }),
  unsigned: (id) => ({
    body: JSON.stringify({ "event-data": mg.failed(id, "permanent") }),
    headers: {},
  }),
  foreign: () => ({ body: JSON.stringify(mg.signed("not an event")), headers: {} }),
};

const sg = sendgridRelay();
const sendgridBatch = (events: unknown[], options?: Parameters<typeof sg.headersFor>[1]) => {
  const body = JSON.stringify(events);
  return { body, headers: sg.headersFor(body, options) };
};
const sendgrid: Relay = {
  type: json,
  // SendGrid batches: the event of ours comes with others about messages of no campaign.
  hardBounce: (id) => sendgridBatch([sg.event("<other@ismtpd-1>", "processed"), sg.bounce(id)]),
  // A spam report carries no smtp-id: only the unique argument our mark set.
  complaint: (id) => sendgridBatch([sg.marked(id, "spamreport", { useragent: "Mail/1.0" })]),
  harmless: (id) =>
    [
      sg.event(id, "deferred", { response: "400 try again later", attempt: "5" }),
      sg.bounce(id, "5.7.1", "blocked"),
      sg.bounce(id, "5.1.1", "blocked"),
      sg.event(id, "delivered", { response: "250 OK" }),
      sg.event(id, "dropped", { reason: "Bounced Address" }),
      sg.event(id, "open"),
    ].map((event) => sendgridBatch([event])),
  forged: (id) => sendgridBatch([sg.bounce(id)], { forged: true }),
  stale: (id) => sendgridBatch([sg.bounce(id)], { at: longAgo() }),
  unsigned: (id) => ({ body: JSON.stringify([sg.bounce(id)]), headers: {} }),
  foreign: () => sendgridBatch([{ email: "reader@example.com", timestamp: 1 }]),
};

const pm = postmarkRelay();
const postmarkPost = (record: unknown, options?: Parameters<typeof pm.headersFor>[0]) => ({
  body: JSON.stringify(record),
  headers: pm.headersFor(options),
});
const postmark: Relay = {
  type: json,
  hardBounce: (id) => postmarkPost(pm.bounce(id)),
  complaint: (id) => postmarkPost(pm.complaint(id)),
  harmless: (id) =>
    [
      pm.bounce(id, "SoftBounce", "smtp;452 4.2.2 The email account is over quota."),
      pm.bounce(id, "Transient", "smtp;421 4.4.2 Connection timed out"),
      // A refusal of the message (a spam block), not of the address.
      pm.bounce(id, "Blocked", "smtp;550 5.7.1 Message rejected as spam"),
      // A hard bounce whose own words say the message, not the address, was refused.
      pm.bounce(id, "HardBounce", "smtp;550 5.7.1 Policy rejection"),
      pm.record(id, "Delivery", { Details: "Test delivery webhook details" }),
      pm.record(id, "Open", { FirstOpen: true }),
    ].map((record) => postmarkPost(record)),
  forged: (id) => postmarkPost(pm.bounce(id), { wrong: true }),
  unsigned: (id) => ({ body: JSON.stringify(pm.bounce(id)), headers: {} }),
  foreign: () => postmarkPost({ Type: "HardBounce", Email: "reader@example.com" }),
};

const sesFeed = sesRelay();
const snsPost = (notification: ReturnType<typeof sesFeed.notification>): Payload => ({
  body: JSON.stringify(notification),
  headers: { "x-amz-sns-message-type": "Notification" },
});
const ses: Relay = {
  type: "text/plain; charset=UTF-8",
  hardBounce: (id) => snsPost(sesFeed.notification(sesFeed.bounce(id))),
  complaint: (id) => snsPost(sesFeed.notification(sesFeed.complaint(id))),
  harmless: (id) =>
    [
      sesFeed.bounce(id, "Transient", "4.2.2", "MailboxFull"),
      sesFeed.bounce(id, "Permanent", "5.7.1", "ContentRejected"),
      sesFeed.delivery(id),
      sesFeed.complaint(id, "not-spam"),
      "Successfully validated SNS topic for Amazon SES event publishing.",
    ].map((message) => snsPost(sesFeed.notification(message))),
  forged: (id) => {
    const notification = sesFeed.notification(sesFeed.bounce(id));
    return snsPost({ ...notification, Signature: sesFeed.notification("x").Signature });
  },
  stale: (id) => snsPost(sesFeed.notification(sesFeed.bounce(id), { at: longAgo() })),
  unsigned: (id) => {
    const { Signature: _, ...unsigned } = sesFeed.notification(sesFeed.bounce(id));
    return { body: JSON.stringify(unsigned), headers: {} };
  },
  // Signed by SNS, but for a topic the operator did not name.
  foreign: () =>
    snsPost(sesFeed.notification("{}", { topic: "arn:aws:sns:eu-west-1:123456789012:other" })),
};

const relays = { mailgun, sendgrid, postmark, ses } as const;
const env = {
  MAIL_FEEDBACK_MAILGUN_SIGNING_KEY: mg.key,
  MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY: sg.verificationKey,
  MAIL_FEEDBACK_POSTMARK_CREDENTIALS: pm.credentials,
  MAIL_FEEDBACK_SES_TOPIC_ARNS: sesFeed.topicArn,
};

let ipCount = 0;
const nextIp = () => `10.57.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

describe.each(backends)("M5 bounces and complaints by webhook on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let rig: Awaited<ReturnType<typeof openFeedbackRig>>;
  let site: FeedbackSite;
  let other: FeedbackSite;

  beforeAll(async () => {
    rig = await openFeedbackRig(backend, env);
    rig.services.fetchSns = sesFeed.fetchSns;
    site = await rig.newSite();
    other = await rig.newSite();
  });
  afterAll(() => rig?.close());

  const post = (
    name: string,
    { body, headers }: Payload,
    {
      type = relays[name as keyof typeof relays]?.type ?? json,
      host = "localhost",
      to = rig.app,
    } = {},
  ) =>
    to.request(
      `http://${host}/api/email/feedback/${name}`,
      { method: "POST", headers: { host, "content-type": type, ...headers }, body },
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
  const codeOf = async (res: Response) =>
    ((await res.json()) as { error: { code: string } }).error.code;
  const none = { bounced: 0, complained: 0 };

  describe.each(Object.keys(relays) as (keyof typeof relays)[])("from %s", (name) => {
    const relay = relays[name];

    logicTest(
      `M5 ${name}: a signed hard bounce marks the contact bounced, the ledger row and the report count it, the consent log says why; posted again it changes nothing`,
      async () => {
        const { campaignId, readers, messageIdOf } = await rig.sendTo(site, 2);
        const [ada, bob] = readers;
        const res = await post(name, relay.hardBounce(messageIdOf(ada!.email)));
        expect(await answer(res)).toMatchObject({
          status: 202,
          body: { bounced: 1, complained: 0 },
        });
        expect((await rig.contactOf(site, ada!.id)).status).toBe("bounced");
        const row = await rig.rowOf(site, campaignId, ada!.id);
        expect(row).toMatchObject({ state: "sent", complainedAt: null });
        expect(row.bouncedAt).not.toBeNull();
        expect(await rig.countsOf(site, campaignId)).toMatchObject({
          audience: 2,
          sent: 2,
          bounced: 1,
          complained: 0,
        });
        const logged = await rig.consentsOf(site, ada!.id);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ action: "bounce", origin: `campaign:${campaignId}` });
        expect(logged[0]!.wording).toMatch(/^Delivery report: 5\.1\.1 .*5\.1\.1/);
        expect((await rig.contactOf(site, bob!.id)).status).toBe("subscribed");

        // The relay's retry (signed anew): the same answer, nothing more changed.
        const again = await post(name, relay.hardBounce(messageIdOf(ada!.email)));
        expect((await answer(again)).body).toMatchObject({ bounced: 1, complained: 0 });
        expect((await rig.rowOf(site, campaignId, ada!.id)).bouncedAt).toEqual(row.bouncedAt);
        expect(await rig.consentsOf(site, ada!.id)).toHaveLength(1);
      },
    );

    logicTest(
      `M5 ${name}: a spam complaint marks the contact complained, counts a complaint and logs it once`,
      async () => {
        const { campaignId, readers, messageIdOf } = await rig.sendTo(site, 1);
        const [ada] = readers;
        const res = await post(name, relay.complaint(messageIdOf(ada!.email)));
        expect(await answer(res)).toEqual({
          status: 202,
          body: { bounced: 0, complained: 1, ignored: 0 },
        });
        expect((await rig.contactOf(site, ada!.id)).status).toBe("complained");
        expect((await rig.rowOf(site, campaignId, ada!.id)).complainedAt).not.toBeNull();
        expect(await rig.countsOf(site, campaignId)).toMatchObject({ complained: 1, bounced: 0 });
        await post(name, relay.complaint(messageIdOf(ada!.email)));
        const logged = await rig.consentsOf(site, ada!.id);
        expect(logged).toHaveLength(1);
        expect(logged[0]).toMatchObject({ action: "complaint", origin: `campaign:${campaignId}` });
        expect(logged[0]!.wording).toMatch(/^Feedback-Type: abuse; relay: /);
      },
    );

    logicTest(
      `M5 ${name}: soft bounces, delays, deliveries and refusals of the message are answered 202 and recorded nowhere`,
      async () => {
        const { campaignId, readers, messageIdOf } = await rig.sendTo(site, 1);
        const [ada] = readers;
        for (const payload of relay.harmless(messageIdOf(ada!.email))) {
          const res = await post(name, payload);
          expect(await answer(res), payload.body.slice(0, 200)).toMatchObject({
            status: 202,
            body: none,
          });
        }
        expect((await rig.contactOf(site, ada!.id)).status).toBe("subscribed");
        expect(await rig.rowOf(site, campaignId, ada!.id)).toMatchObject({
          bouncedAt: null,
          complainedAt: null,
          state: "sent",
        });
        expect(await rig.consentsOf(site, ada!.id)).toEqual([]);
      },
    );

    logicTest(
      `M5 ${name}: 401 for a signature that does not hold or is too old, 404 with no key configured, 415 for another type, 400 for what is not the relay's JSON, 413 past 1 MB; never 500`,
      async () => {
        const { readers, messageIdOf } = await rig.sendTo(site, 1);
        const id = messageIdOf(readers[0]!.email);
        for (const payload of [relay.forged(id), relay.stale?.(id), relay.unsigned(id)]) {
          if (!payload) continue;
          const res = await post(name, payload);
          expect(res.status).toBe(401);
          expect(await codeOf(res)).toBe("not_authenticated");
        }
        expect((await rig.contactOf(site, readers[0]!.id)).status).toBe("subscribed");

        const keyless = createTestApp(rig.db.database).app;
        const notHere = await post(name, relay.hardBounce(id), { to: keyless });
        expect(notHere.status).toBe(404);
        expect(await codeOf(notHere)).toBe("route.notFound");

        const others = ["application/x-www-form-urlencoded", "message/rfc822", "text/html"];
        // Amazon SNS posts its JSON as text/plain; the others post application/json.
        for (const type of name === "ses" ? others : [...others, "text/plain"]) {
          const res = await post(name, relay.hardBounce(id), { type });
          expect(res.status, type).toBe(415);
          expect(await codeOf(res)).toBe("request.unsupportedMediaType");
        }
        const malformed = await post(name, { body: '{"event": ', headers: {} });
        expect(malformed.status).toBe(400);
        expect(await codeOf(malformed)).toBe("request.malformed");
        const foreign = await post(name, relay.foreign());
        expect(foreign.status).toBe(name === "ses" ? 401 : 400);
        expect(await codeOf(foreign)).toBe(
          name === "ses" ? "not_authenticated" : "request.invalid",
        );
        const empty = await post(name, { body: "", headers: {} });
        expect(empty.status).toBe(400);
        const huge = await post(name, { body: `[${'"x",'.repeat(300_000)}"x"]`, headers: {} });
        expect(huge.status).toBe(413);
        expect(await codeOf(huge)).toBe("request.tooLarge");
      },
    );

    logicTest(
      `M5 ${name}: an event about another site's message cannot touch this site: the Message-ID's host picks the site, and the message must be in its ledger`,
      async () => {
        const mine = await rig.sendTo(site, 1);
        const theirs = await rig.sendTo(other, 1);
        const me = mine.readers[0]!;
        const them = theirs.readers[0]!;
        const forged = [
          `<c.${theirs.campaignId}.${them.id}@${site.host}:3000>`,
          `<c.${mine.campaignId}.${them.id}@${site.host}:3000>`,
          `<c.${theirs.campaignId}.${me.id}@${other.host}:3000>`,
          `<c.${mine.campaignId}.${me.id}@nowhere.localhost>`,
          `<c.${mine.campaignId}.${me.id}@localhost>`,
        ];
        for (const messageId of forged) {
          const res = await post(name, relay.hardBounce(messageId), { host: site.host });
          expect((await answer(res)).body, messageId).toMatchObject(none);
        }
        expect((await rig.contactOf(site, me.id)).status).toBe("subscribed");
        expect((await rig.contactOf(other, them.id)).status).toBe("subscribed");
        // Their own message reaches their ledger only, wherever it is posted.
        const res = await post(name, relay.hardBounce(theirs.messageIdOf(them.email)), {
          host: site.host,
        });
        expect((await answer(res)).body).toMatchObject({ bounced: 1 });
        expect((await rig.contactOf(other, them.id)).status).toBe("bounced");
        expect((await rig.contactOf(site, me.id)).status).toBe("subscribed");
        expect((await rig.countsOf(site, mine.campaignId)).bounced).toBe(0);
      },
    );

    test(`M5 ${name}: 20 concurrent posts of the same event give one bounce and one consent line`, async () => {
      const { campaignId, readers, messageIdOf } = await rig.sendTo(site, 1);
      const [ada] = readers;
      const payload = relay.hardBounce(messageIdOf(ada!.email));
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(name, payload)));
      expect(answers.map((res) => res.status)).toEqual(Array(20).fill(202));
      expect((await rig.contactOf(site, ada!.id)).status).toBe("bounced");
      expect(await rig.countsOf(site, campaignId)).toMatchObject({ sent: 1, bounced: 1 });
      const complaint = relay.complaint(messageIdOf(ada!.email));
      await Promise.all(Array.from({ length: 20 }, () => post(name, complaint)));
      const logged = await rig.consentsOf(site, ada!.id);
      expect(logged.map((line) => line.action).sort()).toEqual(["bounce", "complaint"]);
    });
  });

  /**
   * A site sending through its own relay account keeps that relay's key (decision 057's
   * addendum), as the sending settings save it: sealed for the site.
   */
  const ownWebhook = (on: FeedbackSite, relay: SiteWebhookRelay, key: string) =>
    rig.db.database.forAccount(on.accountId, (tx) =>
      tx
        .insert(campaignSendingSettings)
        .values({
          accountId: on.accountId,
          webhookRelay: relay,
          webhookKeySealed: rig.services.secretBox.seal(
            key,
            secretContext(on.accountId, "webhook-key"),
          ),
        })
        .onConflictDoUpdate({
          target: campaignSendingSettings.accountId,
          set: {
            webhookRelay: relay,
            webhookKeySealed: rig.services.secretBox.seal(
              key,
              secretContext(on.accountId, "webhook-key"),
            ),
          },
        }),
    );
  /** Each relay as a site's own account of it plays it: keys of its own, not the platform's. */
  const ownAccounts = () => {
    const mgOwn = mailgunRelay();
    const sgOwn = sendgridRelay();
    const pmOwn = postmarkRelay();
    return {
      mailgun: {
        key: mgOwn.key,
        bounce: (id: string) => ({
          body: JSON.stringify(mgOwn.signed(mgOwn.failed(id, "permanent"))),
          headers: {},
        }),
      },
      sendgrid: {
        key: sgOwn.verificationKey,
        bounce: (id: string) => {
          const body = JSON.stringify([sgOwn.bounce(id)]);
          return { body, headers: sgOwn.headersFor(body) };
        },
      },
      postmark: {
        key: pmOwn.credentials,
        bounce: (id: string) => ({
          body: JSON.stringify(pmOwn.bounce(id)),
          headers: pmOwn.headersFor(),
        }),
      },
    } satisfies Record<SiteWebhookRelay, unknown>;
  };

  describe.each(["mailgun", "sendgrid", "postmark"] as const)("a site's own %s", (name) => {
    logicTest(
      `M5 ${name}: a site's own key, posted to the site's address, bounces that site's contacts only; the platform's key still holds there; elsewhere the site's key proves nothing`,
      async () => {
        const own = ownAccounts()[name];
        const mine = await newSiteWith(name, own.key);
        const theirs = await rig.newSite();
        const ada = await rig.sendTo(mine, 2);
        const bob = await rig.sendTo(theirs, 1);
        const [first, second] = ada.readers;
        const them = bob.readers[0]!;
        const at = { host: mine.host };

        const res = await post(name, own.bounce(ada.messageIdOf(first!.email)), at);
        expect(await answer(res)).toMatchObject({ status: 202, body: { bounced: 1 } });
        expect((await rig.contactOf(mine, first!.id)).status).toBe("bounced");
        // Another site's message, under this site's key: not this key's to touch.
        const across = await post(name, own.bounce(bob.messageIdOf(them.email)), at);
        expect(await answer(across)).toMatchObject({ status: 202, body: { bounced: 0 } });
        expect((await rig.contactOf(theirs, them.id)).status).toBe("subscribed");
        // On another site's address (no key of its own) or the platform's, it is no proof.
        for (const host of [theirs.host, "localhost"]) {
          const elsewhere = await post(name, own.bounce(bob.messageIdOf(them.email)), { host });
          expect(elsewhere.status, host).toBe(401);
        }
        expect((await rig.contactOf(theirs, them.id)).status).toBe("subscribed");
        // The platform's relay still reports about this site's messages here.
        const platform = await post(
          name,
          relays[name].hardBounce(ada.messageIdOf(second!.email)),
          at,
        );
        expect(await answer(platform)).toMatchObject({ status: 202, body: { bounced: 1 } });
      },
    );

    logicTest(
      `M5 ${name}: with no platform key, the endpoint exists on the address of a site that keeps its own, and nowhere else`,
      async () => {
        const own = ownAccounts()[name];
        const mine = await newSiteWith(name, own.key);
        const other = await rig.newSite();
        const { readers, messageIdOf } = await rig.sendTo(mine, 1);
        const keyless = createTestApp(rig.db.database).app;
        const payload = own.bounce(messageIdOf(readers[0]!.email));
        for (const host of [other.host, "localhost"]) {
          const res = await post(name, payload, { host, to: keyless });
          expect(res.status, host).toBe(404);
        }
        const res = await post(name, payload, { host: mine.host, to: keyless });
        expect(await answer(res)).toMatchObject({ status: 202, body: { bounced: 1 } });
        // A key saved for another relay is no key for this one.
        const otherRelay = name === "mailgun" ? "postmark" : "mailgun";
        const res2 = await post(
          otherRelay,
          { body: "{}", headers: {} },
          { host: mine.host, to: keyless },
        );
        expect(res2.status).toBe(404);
      },
    );
  });

  async function newSiteWith(relay: SiteWebhookRelay, key: string) {
    const site = await rig.newSite();
    await ownWebhook(site, relay, key);
    return site;
  }

  logicTest("M5 a relay that is not one of ours answers 404", async () => {
    for (const path of ["resend", "feedback"]) {
      const res = await post(path, { body: "{}", headers: {} });
      expect(res.status, path).toBe(404);
    }
  });
});
