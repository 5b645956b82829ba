import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "~/platform/env.server";
import { openFeedbackRig, type FeedbackSite } from "../../../tests/support/feedback-rig";
import { mailgunRelay, sendgridRelay, sesRelay } from "../../../tests/support/mail-relays";
import { selfSignedCertificate } from "../../../tests/support/self-signed-cert";
import { logicBackends } from "../../../tests/support/test-database";
import { signingCertUrl, snsCertificates, subscribeUrl } from "./sns-messages.server";

/*
 * M5 what the webhook endpoints trust before they read a word (decision 055, addendum "bounces
 * and complaints by webhook"): the relays' keys as configured, and Amazon SNS's signing
 * certificate, fetched only from SNS's own host in the topic's region, and kept a few at a time.
 */

const topicArn = "arn:aws:sns:eu-west-1:123456789012:ses-feedback";
const pemFile = "SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem";

describe("M5 webhook keys and SNS certificates", () => {
  test("M5 MAIL_FEEDBACK_MAILGUN_SIGNING_KEY, _SENDGRID_PUBLIC_KEY, _SES_TOPIC_ARNS: unset by default; a bad one stops start-up without echoing it", () => {
    const none = parseEnv({});
    expect(none.MAIL_FEEDBACK_MAILGUN_SIGNING_KEY).toBeUndefined();
    expect(none.MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY).toBeUndefined();
    expect(none.MAIL_FEEDBACK_SES_TOPIC_ARNS).toBeUndefined();
    const { verificationKey } = sendgridRelay();
    const set = parseEnv({
      MAIL_FEEDBACK_MAILGUN_SIGNING_KEY: mailgunRelay().key,
      MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY: verificationKey,
      MAIL_FEEDBACK_SES_TOPIC_ARNS: ` ${topicArn}, arn:aws:sns:us-east-1:123456789012:b `,
    });
    expect(set.MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY).toBe(verificationKey);
    expect(set.MAIL_FEEDBACK_SES_TOPIC_ARNS).toEqual([
      topicArn,
      "arn:aws:sns:us-east-1:123456789012:b",
    ]);
    const rsa = selfSignedCertificate().privateKey;
    const bad: Array<[string, string]> = [
      ["MAIL_FEEDBACK_MAILGUN_SIGNING_KEY", "short"],
      ["MAIL_FEEDBACK_MAILGUN_SIGNING_KEY", "key with spaces 0123456789"],
      ["MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY", "not-a-key-at-all"],
      // A key, but RSA and private: not SendGrid's.
      [
        "MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY",
        rsa.export({ type: "pkcs8", format: "der" }).toString("base64"),
      ],
      ["MAIL_FEEDBACK_SES_TOPIC_ARNS", "ses-feedback"],
      ["MAIL_FEEDBACK_SES_TOPIC_ARNS", `${topicArn},arn:aws:sqs:eu-west-1:123456789012:q`],
    ];
    for (const [name, value] of bad) {
      expect(() => parseEnv({ [name]: value }), value).toThrow(ConfigError);
      expect(() => parseEnv({ [name]: value })).toThrow(
        new RegExp(`^Invalid environment variable ${name}`),
      );
      expect(() => parseEnv({ [name]: value })).not.toThrow(value);
    }
  });

  test("M5 the SNS signing certificate is fetched only over https from sns.<the topic's region>.amazonaws.com", () => {
    const good = `https://sns.eu-west-1.amazonaws.com/${pemFile}`;
    expect(signingCertUrl(good, "eu-west-1")?.href).toBe(good);
    expect(
      signingCertUrl(`https://sns.us-gov-west-1.amazonaws.com/${pemFile}`, "us-gov-west-1"),
    ).not.toBeNull();
    for (const url of [
      `http://sns.eu-west-1.amazonaws.com/${pemFile}`,
      `https://sns.us-east-1.amazonaws.com/${pemFile}`,
      `https://sns.eu-west-1.amazonaws.com.evil.test/${pemFile}`,
      `https://sns.eu-west-1.amazonaws.com@evil.test/${pemFile}`,
      `https://user@sns.eu-west-1.amazonaws.com/${pemFile}`,
      `https://sns.eu-west-1.amazonaws.com:8443/${pemFile}`,
      `https://evil.test/${pemFile}`,
      `https://s3.eu-west-1.amazonaws.com/${pemFile}`,
      `https://sns.eu-west-1.amazonaws.com/other.pem`,
      `https://sns.eu-west-1.amazonaws.com/${pemFile}?x=1`,
      `https://sns.eu-west-1.amazonaws.com/a/../${pemFile}#x`,
      "not a url",
    ])
      expect(signingCertUrl(url, "eu-west-1"), url).toBeNull();
  });

  test("M5 a subscription is confirmed only through SNS's own link for the very topic", () => {
    const link = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topicArn}&Token=abc`;
    expect(subscribeUrl(link, topicArn, "eu-west-1")).not.toBeNull();
    for (const url of [
      link.replace("eu-west-1.amazonaws.com", "eu-west-1.amazonaws.com.evil.test"),
      link.replace("Action=ConfirmSubscription", "Action=Unsubscribe"),
      link.replace(topicArn, `${topicArn}-other`),
      link.replace("https:", "http:"),
      link.replace(".com/?", ".com/x?"),
    ])
      expect(subscribeUrl(url, topicArn, "eu-west-1"), url).toBeNull();
  });

  test("M5 certificates are fetched once per URL, at most 16 kept, failures and expired ones not trusted", async () => {
    const { pem } = selfSignedCertificate();
    const asked: string[] = [];
    let failing = true;
    const certificates = snsCertificates(async (url) => {
      asked.push(url.pathname);
      if (url.pathname === "/fail.pem" && failing) throw new Error("offline");
      return url.pathname === "/junk.pem" ? "not a certificate" : pem;
    });
    const url = (name: string) => new URL(`https://sns.eu-west-1.amazonaws.com/${name}`);
    const now = new Date();
    expect(await certificates.keyOf(url("a.pem"), now)).not.toBeNull();
    await Promise.all([
      certificates.keyOf(url("a.pem"), now),
      certificates.keyOf(url("a.pem"), now),
    ]);
    expect(asked).toEqual(["/a.pem"]);
    // Past its validity, a kept certificate is no longer trusted.
    expect(
      await certificates.keyOf(url("a.pem"), new Date(now.getTime() + 3 * 86_400_000)),
    ).toBeNull();
    for (let i = 0; i < 40; i++) await certificates.keyOf(url(`k${i}.pem`), now);
    expect(certificates.size()).toBe(16);
    await expect(certificates.keyOf(url("fail.pem"), now)).rejects.toThrow("offline");
    failing = false;
    expect(await certificates.keyOf(url("fail.pem"), now)).not.toBeNull();
    expect(await certificates.keyOf(url("junk.pem"), now)).toBeNull();
    expect(await certificates.keyOf(url("junk.pem"), now)).toBeNull();
    expect(asked.filter((path) => path === "/junk.pem")).toHaveLength(2);
  });
});

describe.each(logicBackends)("M5 Amazon SES notifications through SNS on %s", (backend) => {
  const ses = sesRelay({ topicArn });
  let rig: Awaited<ReturnType<typeof openFeedbackRig>>;
  let site: FeedbackSite;
  let ip = 0;

  beforeAll(async () => {
    rig = await openFeedbackRig(backend, { MAIL_FEEDBACK_SES_TOPIC_ARNS: topicArn });
    rig.services.fetchSns = ses.fetchSns;
    site = await rig.newSite();
  });
  afterAll(() => rig?.close());

  const post = (message: object) =>
    rig.app.request(
      "http://localhost/api/email/feedback/ses",
      {
        method: "POST",
        headers: { host: "localhost", "content-type": "text/plain; charset=UTF-8" },
        body: JSON.stringify(message),
      },
      { incoming: { socket: { remoteAddress: `10.58.0.${++ip}` } } },
    );

  test("M5 SES: signature versions 1 (SHA-1) and 2 (SHA-256) both hold, with or without a Subject; the certificate is fetched once", async () => {
    const { readers, messageIdOf } = await rig.sendTo(site, 2);
    const [ada, bob] = readers;
    const first = await post(
      ses.notification(ses.bounce(messageIdOf(ada!.email)), { version: "1" }),
    );
    expect(await first.json()).toMatchObject({ bounced: 1 });
    const second = await post(
      ses.notification(ses.complaint(messageIdOf(bob!.email)), { subject: "Amazon SES Complaint" }),
    );
    expect(await second.json()).toMatchObject({ complained: 1 });
    expect((await rig.contactOf(site, ada!.id)).status).toBe("bounced");
    expect((await rig.contactOf(site, bob!.id)).status).toBe("complained");
    expect(ses.fetched.filter((url) => url === ses.certUrl)).toHaveLength(1);
  });

  test("M5 SES: a certificate URL that is not SNS's own is never fetched; a topic not named is refused however well signed", async () => {
    const { readers, messageIdOf } = await rig.sendTo(site, 1);
    const event = ses.bounce(messageIdOf(readers[0]!.email));
    const before = ses.fetched.length;
    for (const SigningCertURL of [
      `https://evil.test/${pemFile}`,
      `https://sns.us-east-1.amazonaws.com/${pemFile}`,
      `http://sns.eu-west-1.amazonaws.com/${pemFile}`,
    ]) {
      const res = await post({ ...ses.notification(event), SigningCertURL });
      expect(res.status, SigningCertURL).toBe(401);
    }
    expect(ses.fetched.length).toBe(before);
    const elsewhere = await post(ses.notification(event, { topic: `${topicArn}-2` }));
    expect(elsewhere.status).toBe(401);
    // A signed field changed on the way (the Message) breaks the signature.
    const tampered = ses.notification(event);
    const changed = await post({
      ...tampered,
      Message: tampered.Message.replace("5.1.1", "5.1.2"),
    });
    expect(changed.status).toBe(401);
    expect((await rig.contactOf(site, readers[0]!.id)).status).toBe("subscribed");
  });

  test("M5 SES: when the certificate cannot be fetched the answer is 503 (SNS tries again), never 500", async () => {
    const { readers, messageIdOf } = await rig.sendTo(site, 1);
    const other = sesRelay({ topicArn });
    rig.services.fetchSns = async () => {
      throw new Error("network down");
    };
    const notification = other.notification(other.bounce(messageIdOf(readers[0]!.email)));
    const res = await post(notification);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      "server.unavailable",
    );
    rig.services.fetchSns = other.fetchSns;
    expect(await (await post(notification)).json()).toMatchObject({ bounced: 1 });
    rig.services.fetchSns = ses.fetchSns;
  });

  test("M5 SES: a topic's subscription is confirmed through its signed link; a link elsewhere is refused and not opened", async () => {
    const res = await post(ses.subscription());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ bounced: 0, complained: 0, ignored: 0 });
    expect(ses.fetched.at(-1)).toMatch(
      /^https:\/\/sns\.eu-west-1\.amazonaws\.com\/\?Action=ConfirmSubscription&TopicArn=arn/,
    );
    const before = ses.fetched.length;
    const away = await post(
      ses.subscription({ subscribeUrl: "https://evil.test/?Action=ConfirmSubscription" }),
    );
    expect(away.status).toBe(400);
    expect(ses.fetched.length).toBe(before);
  });
});
