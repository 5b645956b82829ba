// M5 the bounce and complaint endpoints in the cross-account HTTP matrix: machines' endpoints,
// proven by the platform's key (the mail endpoint) or the relay's signature (the webhooks) only.
// No session, on any site or on the base domain, is a key or a signature; and with no key
// configured an endpoint does not exist.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildWorld, runMatrix, type MatrixRoute, type World } from "./support/access-matrix";
import { mailgunRelay, postmarkRelay, sendgridRelay } from "./support/mail-relays";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

const superAdminEmail = "root@platform.test";
const places = ["own", "other", "platform"] as const;

const withKey: MatrixRoute[] = [
  {
    name: "POST /api/email/feedback with a session and no key (401 for everyone)",
    method: "POST",
    path: "/api/email/feedback",
    expect: () => 401,
  },
  {
    name: "POST /api/email/feedback with a JSON body (415: a raw mail is what it reads)",
    method: "POST",
    path: "/api/email/feedback",
    body: () => ({ bounced: ["ada@example.com"] }),
    expect: () => 415,
  },
];
const relays = ["mailgun", "sendgrid", "postmark", "ses"] as const;
// What a signed-in person could post: a relay's shape, unsigned (the signature is the key).
const relayBodies = {
  mailgun: () => ({ "event-data": { event: "failed", severity: "permanent" } }),
  sendgrid: () => [{ event: "bounce", "smtp-id": "<x@y>", status: "5.1.1" }],
  postmark: () => ({ RecordType: "Bounce", Type: "HardBounce", Email: "ada@example.com" }),
  ses: () => ({ Type: "Notification", Message: "{}", TopicArn: "arn:aws:sns:x" }),
};
withKey.push(
  ...relays.map((relay): MatrixRoute => ({
    name: `POST /api/email/feedback/${relay} with a session and no signature (401 for everyone)`,
    method: "POST",
    path: `/api/email/feedback/${relay}`,
    body: relayBodies[relay],
    expect: () => 401,
  })),
  {
    name: "POST /api/email/feedback/resend, a relay that is not read (404 for everyone)",
    method: "POST",
    path: "/api/email/feedback/resend",
    body: () => ({ type: "email.bounced", data: {} }),
    expect: () => 404,
  },
);
const keyless: MatrixRoute[] = [
  {
    name: "POST /api/email/feedback with no MAIL_FEEDBACK_KEY configured (404 for everyone)",
    method: "POST",
    path: "/api/email/feedback",
    expect: () => 404,
  },
  ...relays.map((relay): MatrixRoute => ({
    name: `POST /api/email/feedback/${relay} with no key of that relay configured (404 for everyone)`,
    method: "POST",
    path: `/api/email/feedback/${relay}`,
    body: relayBodies[relay],
    expect: () => 404,
  })),
];

describe.each(logicBackends)("M5 bounce and complaint endpoint HTTP matrix on %s", (backend) => {
  let db: TestDatabase;
  let world: World;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    world = await buildWorld(db.database, superAdminEmail);
  });
  afterAll(() => db?.dispose());

  test("A11 the feedback endpoint answers each actor, on each host, as stated", async () => {
    const keyed = createTestApp(db.database, {
      SUPER_ADMIN_EMAILS: superAdminEmail,
      MAIL_FEEDBACK_KEY: "matrix-feedback-key-0123456789abcdef0123",
      MAIL_FEEDBACK_MAILGUN_SIGNING_KEY: mailgunRelay().key,
      MAIL_FEEDBACK_SENDGRID_PUBLIC_KEY: sendgridRelay().verificationKey,
      MAIL_FEEDBACK_POSTMARK_CREDENTIALS: postmarkRelay().credentials,
      MAIL_FEEDBACK_SES_TOPIC_ARNS: "arn:aws:sns:eu-west-1:123456789012:ses-feedback",
    }).app;
    expect(await runMatrix(keyed, world, withKey, { places })).toEqual([]);
    const plain = createTestApp(db.database, { SUPER_ADMIN_EMAILS: superAdminEmail }).app;
    expect(await runMatrix(plain, world, keyless, { places })).toEqual([]);
  });
});
