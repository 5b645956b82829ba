import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import en from "~/locales/en.json";
import { contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { errorCatalogue } from "~/platform/errors";
import { createLogger } from "~/platform/logger.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import { verifyDkim } from "../../../tests/support/dkim-verify";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { sendingServices } from "../../../tests/support/campaign-rig";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { commandCampaigns } from "./campaign-commands.server";
import { runCampaignSend, type SendingServices } from "./campaign-sending.server";
import { outcomeOfError, smtpTransport, type CampaignTransport } from "./campaign-transport.server";
import { isPublicAddress, relayAddress } from "./relay-address.server";
import { commandSender, isSenderCommand, readSenderSettings } from "./sender-settings.server";
import { senderIssueOrigins, senderSettingsSchema } from "./sender-shapes";
import { checkDkimKey, siteWebhookKey } from "./sender-store.server";
import { createRelayPools } from "./site-relays.server";
import { campaignSendingSettings } from "./tables.server";

const secretBox = createSecretBox("sender-test-secret-0123456789abcdef");

const rsaKeys = (modulusLength: number) =>
  generateKeyPairSync("rsa", {
    modulusLength,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
const dkimKeys = rsaKeys(2048);
/** The base64 of a PEM, on one line: what a leak of the key would contain. */
const bodyOf = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, "");
const portOf = (url: string) => Number(new URL(url).port);
/** A message's header block with folded lines joined (its body, quoted-printable, left out). */
const unfold = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
const issuesOf = (answer: unknown) =>
  ((answer as { issues?: { path: string; origin?: string; code: string }[] }).issues ?? []).map(
    (issue) => `${issue.path}:${issue.origin ?? issue.code}`,
  );

describe("M5 a site's own sending settings, checked", () => {
  test("M5 a site's sending settings: every refusal of the form is a field issue with a translated key", () => {
    const refused = senderSettingsSchema.safeParse({
      senderName: "News\r\nBcc: everyone@example.com",
      senderAddress: "news@school.example>, x@y.example",
      replyTo: "not an address",
      relay: { enabled: true, host: "not a host!", port: 70000, security: "ssl" },
      dkim: { enabled: true, domain: "nodot", selector: "-bad", privateKey: "garbage" },
    });
    expect(refused.success).toBe(false);
    const origins = refused.error!.issues.map(
      (issue) =>
        `${issue.path.join(".")}:${(issue as { params?: { origin?: string } }).params?.origin ?? issue.code}`,
    );
    // Every field's mistake at once, not the first one found.
    expect(origins.sort()).toEqual(
      [
        "senderName:singleLine",
        "senderAddress:email",
        "replyTo:email",
        "relay.host:host",
        "relay.port:too_big",
        "relay.security:invalid_value",
        "dkim.domain:dkimDomain",
        "dkim.selector:dkimSelector",
        "dkim.privateKey:dkimKey",
      ].sort(),
    );
    // A part switched on needs its fields.
    const second = senderSettingsSchema.safeParse({
      relay: { enabled: true },
      dkim: { enabled: true },
    });
    expect(
      second.error!.issues.map(
        (issue) => (issue as { params?: { origin?: string } }).params?.origin,
      ),
    ).toEqual(["host", "dkimDomain", "dkimSelector"]);
    // Through the platform's relay, an address of the site's own needs its domain's key.
    const unsigned = senderSettingsSchema.safeParse({ senderAddress: "news@school.example" });
    expect(unsigned.error!.issues[0]).toMatchObject({
      path: ["senderAddress"],
      params: { origin: "senderNeedsDkim" },
    });
    expect(
      senderSettingsSchema.safeParse({
        senderAddress: "news@mail.school.example",
        dkim: {
          enabled: true,
          domain: "school.example",
          selector: "mail2026",
          privateKey: dkimKeys.privateKey,
        },
      }).success,
    ).toBe(true);
    // Every origin the form can meet is a key of the screen's catalogue, in English at least.
    const errors = en.campaigns.screen.sending.errors as Record<string, string>;
    for (const origin of senderIssueOrigins) expect(errors[origin], origin).toBeTruthy();
    expect(errorCatalogue["request.invalid"].status).toBe(400);
    expect(errorCatalogue["campaigns.relayFailed"].key).toBe("errors.campaignRelayFailed");
  });

  test("M5 a DKIM key is an unencrypted RSA key of 1024 to 4096 bits", () => {
    expect(checkDkimKey(dkimKeys.privateKey)).toBeNull();
    expect(checkDkimKey(rsaKeys(1024).privateKey)).toBeNull();
    expect(checkDkimKey(rsaKeys(512).privateKey)).toBe("dkimKeyWeak");
    const ec = generateKeyPairSync("ec", {
      namedCurve: "P-256",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    expect(checkDkimKey(ec.privateKey)).toBe("dkimKey");
    expect(checkDkimKey(dkimKeys.privateKey.replace(/[A-Z]{10}/, "AAAAAAAAAA"))).toBe("dkimKey");
  });

  test("M5 a site's relay must be a public address unless the operator allows private ones", async () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["8.8.8.8", "2001:4860:4860::8888", "[2a00:1450::1]"])
      expect(isPublicAddress(address), address).toBe(true);
    const resolveTo = (addresses: string[]) => async () => addresses;
    expect(await relayAddress("127.0.0.1", { allowPrivate: false })).toEqual({
      ok: false,
      reason: "privateHost",
    });
    expect(await relayAddress("127.0.0.1", { allowPrivate: true })).toEqual({
      ok: true,
      address: "127.0.0.1",
    });
    // A name is judged by every address it has: one private answer is enough to refuse it.
    expect(
      await relayAddress("mail.example.com", {
        allowPrivate: false,
        resolve: resolveTo(["93.184.216.34", "10.0.0.5"]),
      }),
    ).toEqual({ ok: false, reason: "privateHost" });
    expect(
      await relayAddress("mail.example.com", {
        allowPrivate: false,
        resolve: resolveTo(["93.184.216.34"]),
      }),
    ).toEqual({ ok: true, address: "93.184.216.34" });
    expect(
      await relayAddress("nowhere.example.com", {
        allowPrivate: false,
        resolve: () => Promise.reject(new Error("ENOTFOUND")),
      }),
    ).toEqual({ ok: false, reason: "unknownHost" });
    // A relay that refuses our login says nothing of the recipient: the message waits.
    expect(outcomeOfError({ code: "EAUTH", responseCode: 535, response: "535 no" })).toMatchObject({
      kind: "later",
      slowDown: false,
    });
  });

  test("M5 per-site pools: at most a bound kept, the least recently used closed, a changed relay opened anew", async () => {
    const opened: { host: string; closed: boolean }[] = [];
    const pools = createRelayPools({
      connections: 2,
      maxRate: 0,
      allowPrivate: true,
      maxPools: 2,
      open: (options) => {
        const pool = {
          host: String((options as { servername?: string }).servername),
          closed: false,
        };
        opened.push(pool);
        return {
          send: async () => ({ kind: "sent" }),
          close: () => void (pool.closed = true),
        } as CampaignTransport;
      },
      resolve: async () => ["127.0.0.1"],
    });
    const relay = (host: string, password = "p") => ({
      host,
      port: 587,
      security: "starttls" as const,
      username: "u",
      password,
      fingerprint: `${host}:${password}`,
    });
    const hold = async (account: string, host: string, password?: string) => {
      const held = await pools.hold(account, relay(host, password));
      if (!held.ok) throw new Error(held.reason);
      return held;
    };
    (await hold("a", "a.example")).release();
    (await hold("b", "b.example")).release();
    // The same settings again: the same pool, now the most recently used.
    (await hold("a", "a.example")).release();
    expect(opened).toHaveLength(2);
    (await hold("c", "c.example")).release();
    expect(pools.size).toBe(2);
    expect(opened.map((pool) => [pool.host, pool.closed])).toEqual([
      ["a.example", false],
      ["b.example", true],
      ["c.example", false],
    ]);
    // A pool pushed out while a batch holds it is closed once that batch is done.
    const busy = await hold("a", "a.example");
    (await hold("d", "d.example")).release();
    (await hold("e", "e.example")).release();
    expect(opened[0]!.closed).toBe(false);
    busy.release();
    expect(opened[0]!.closed).toBe(true);
    // A changed password is another pool; the old one is closed.
    (await hold("e", "e.example", "new")).release();
    expect(opened.at(-2)).toMatchObject({ host: "e.example", closed: true });
    expect(opened.at(-1)).toMatchObject({ host: "e.example", closed: false });
    pools.close();
    expect(opened.every((pool) => pool.closed)).toBe(true);
    expect(isSenderCommand({ intent: "saveSender" })).toBe(true);
    expect(isSenderCommand({ intent: "saveCampaign" })).toBe(false);
  });
});

describe.each(backends)("M5 a site's own sending on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let school: { accountId: string; owner: Viewer; student: Viewer };
  let other: { accountId: string; owner: Viewer };
  const logs: string[] = [];
  const logger = createLogger({ level: "info" }, { write: (line: string) => logs.push(line) });
  const jobs = { send: async () => {} } as unknown as SendingServices["jobs"];

  const services = (
    transport: CampaignTransport,
    { allowPrivate = true }: { allowPrivate?: boolean } = {},
  ) =>
    sendingServices(
      { database: db.database, jobs, secretBox, transport },
      {
        concurrency: 2,
        relayPools: createRelayPools({ connections: 2, maxRate: 0, allowPrivate }),
        logger,
      },
    );

  const person = async (accountId: string, roleName: string, caps: string[]) => {
    const { user, membership } = await createMember(db.database, { accountId, roleName });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as Viewer;
  };
  const addContacts = (accountId: string, tag: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx.insert(contacts).values(
        Array.from({ length: 3 }, (_, i) => ({
          accountId,
          email: `${tag}-${i}@example.com`,
          name: `Reader ${i}`,
          status: "subscribed" as const,
          source: "import" as const,
          tags: [tag],
        })),
      ),
    );
  const sendCampaign = async (sending: SendingServices, accountId: string, owner: Viewer) => {
    const saved = (await commandCampaigns(sending, {
      accountId,
      viewer: owner,
      body: {
        intent: "saveCampaign",
        id: null,
        campaign: {
          name: "Letter",
          subject: "News for {{first_name | friend}}",
          blocks: [{ type: "text", text: "Hello" }],
        },
      },
    })) as { ok: boolean; id: string };
    await commandCampaigns(sending, {
      accountId,
      viewer: owner,
      body: { intent: "sendCampaign", id: saved.id },
    });
    return runCampaignSend(sending, { accountId, campaignId: saved.id, runId: `run-${saved.id}` });
  };
  const settingsFor = (port: number, patch: Record<string, unknown> = {}) => ({
    senderName: "Demo School News",
    senderAddress: "news@school.example",
    replyTo: "office@school.example",
    relay: {
      enabled: true,
      host: "127.0.0.1",
      port,
      security: "none",
      username: "school-relay",
      password: "relay-pass-0123",
    },
    dkim: {
      enabled: true,
      domain: "school.example",
      selector: "mail2026",
      privateKey: dkimKeys.privateKey,
    },
    ...patch,
  });
  const save = (sending: SendingServices, settings: unknown, viewer = school.owner) =>
    commandSender(sending, {
      accountId: school.accountId,
      viewer,
      siteName: "Demo School",
      origin: "https://demo.lyceum.example",
      lang: "en",
      body: { intent: "saveSender", settings },
    });
  const tryOut = (sending: SendingServices, settings: unknown) =>
    commandSender(sending, {
      accountId: school.accountId,
      viewer: school.owner,
      siteName: "Demo School",
      origin: "https://demo.lyceum.example",
      lang: "en",
      body: { intent: "testSender", settings },
    });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const schoolId = (await createAccount(db.database, { settings: { sitetitle: "Demo School" } }))
      .accountId;
    const otherId = (await createAccount(db.database, { settings: { sitetitle: "Other Site" } }))
      .accountId;
    school = {
      accountId: schoolId,
      owner: await person(schoolId, "site_owner", ["manage_options"]),
      student: await person(schoolId, "student", []),
    };
    other = { accountId: otherId, owner: await person(otherId, "site_owner", ["manage_options"]) };
  });
  afterAll(() => db?.dispose());

  test("M5 a site's own relay and DKIM: its campaign goes through its relay, signed for its domain and verified, while another site's still goes through the platform's", async () => {
    const platform = await startSmtpSink();
    const own = await startSmtpSink({ auth: { user: "school-relay", pass: "relay-pass-0123" } });
    const sending = services(smtpTransport({ smtpUrl: platform.url, connections: 2 }));
    try {
      expect(await save(sending, settingsFor(portOf(own.url)))).toMatchObject({ ok: true });
      await addContacts(school.accountId, `school-${backend}`);
      await addContacts(other.accountId, `other-${backend}`);
      expect(await sendCampaign(sending, school.accountId, school.owner)).toMatchObject({
        sent: 3,
        ended: "sent",
      });
      expect(await sendCampaign(sending, other.accountId, other.owner)).toMatchObject({
        sent: 3,
        ended: "sent",
      });
      expect(own.accepted.map((mail) => mail.to).sort()).toEqual(
        [0, 1, 2].map((i) => `school-${backend}-${i}@example.com`),
      );
      expect(own.accepted.every((mail) => mail.user === "school-relay")).toBe(true);
      // Through its own relay, the site's own address is the envelope's sender too.
      expect(own.accepted[0]!.mailFrom).toBe("news@school.example");
      expect(platform.accepted.map((mail) => mail.to).sort()).toEqual(
        [0, 1, 2].map((i) => `other-${backend}-${i}@example.com`),
      );
      expect(sending.relayPools!.size).toBe(1);

      const mail = own.accepted[0]!.raw;
      const headers = unfold(mail);
      expect(headers).toMatch(/^From: Demo School News <news@school\.example>/m);
      expect(headers).toMatch(/^Reply-To: office@school\.example/m);
      const verdict = verifyDkim(mail, dkimKeys.publicKey);
      expect(verdict.reason).toBeUndefined();
      expect(verdict).toMatchObject({ ok: true, tags: { d: "school.example", s: "mail2026" } });
      // RFC 8058: the one-click headers are both under the signature.
      expect(verdict.tags.h!.toLowerCase().split(":")).toEqual(
        expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post"]),
      );
      // A changed byte of a signed header, and the signature no longer holds.
      expect(
        verifyDkim(mail.replace("Subject: News", "Subject: Newz"), dkimKeys.publicKey).ok,
      ).toBe(false);
      const plain = unfold(platform.accepted[0]!.raw);
      expect(plain).not.toMatch(/^DKIM-Signature:/im);
      expect(plain).toMatch(/^From: Other Site <no-reply@lyceum\.test>/m);

      // The campaign's own test send takes the same route: the site's relay, signed.
      const before = own.accepted.length;
      const tested = (await commandCampaigns(sending, {
        accountId: school.accountId,
        viewer: school.owner,
        body: {
          intent: "saveCampaign",
          id: null,
          campaign: { name: "T", subject: "Try", blocks: [{ type: "text", text: "Hi" }] },
        },
      })) as { id: string };
      await commandCampaigns(sending, {
        accountId: school.accountId,
        viewer: school.owner,
        body: { intent: "testCampaign", id: tested.id, to: ["me@school.example"] },
      });
      expect(own.accepted.length).toBe(before + 1);
      expect(verifyDkim(own.accepted.at(-1)!.raw, dkimKeys.publicKey).ok).toBe(true);
    } finally {
      sending.relayPools!.close();
      sending.transport.close();
      await platform.close();
      await own.close();
    }
  });

  logicTest(
    "M5 a site that sends in its own name through the platform's relay: signed for its domain, its bounces still to the platform's address",
    async () => {
      const platform = await startSmtpSink();
      const sending = services(smtpTransport({ smtpUrl: platform.url, connections: 2 }));
      try {
        expect(
          await save(sending, {
            ...settingsFor(0),
            relay: { enabled: false, host: "", port: 587 },
          }),
        ).toMatchObject({ ok: true });
        await addContacts(school.accountId, `own-name-${backend}`);
        const result = await sendCampaign(sending, school.accountId, school.owner);
        expect(result).toMatchObject({ ended: "sent" });
        expect(platform.accepted.length).toBeGreaterThanOrEqual(3);
        const mail = platform.accepted[0]!;
        expect(unfold(mail.raw)).toMatch(/^From: Demo School News <news@school\.example>/m);
        expect(mail.mailFrom).toBe("no-reply@lyceum.test");
        expect(verifyDkim(mail.raw, dkimKeys.publicKey)).toMatchObject({
          ok: true,
          tags: { d: "school.example", s: "mail2026" },
        });
        // No pool of the site's own: the platform's relay took them.
        expect(sending.relayPools!.size).toBe(0);
      } finally {
        sending.transport.close();
        await platform.close();
      }
    },
  );

  logicTest(
    "M5 the sending settings' secrets never leave the server: not in the loader's view, the save's answer, the stored row or the logs",
    async () => {
      const own = await startSmtpSink({ auth: { user: "school-relay", pass: "relay-pass-0123" } });
      const sending = services(smtpTransport({ smtpUrl: "smtp://127.0.0.1:9", connections: 1 }));
      logs.length = 0;
      try {
        const saved = await save(sending, settingsFor(portOf(own.url)));
        const view = await readSenderSettings(sending, {
          accountId: school.accountId,
          viewer: school.owner,
          siteName: "Demo School",
          origin: "https://demo.lyceum.example",
        });
        expect(view).toMatchObject({
          from: '"Demo School News" <news@school.example>',
          relay: { enabled: true, host: "127.0.0.1", passwordSet: true },
          dkim: {
            enabled: true,
            keySet: true,
            record: {
              name: "mail2026._domainkey.school.example",
              value: `v=DKIM1; k=rsa; p=${bodyOf(dkimKeys.publicKey)}`,
            },
          },
          testTo: school.owner.user.email,
        });
        const [row] = await db.database.forAccount(school.accountId, (tx) =>
          tx
            .select()
            .from(campaignSendingSettings)
            .where(eq(campaignSendingSettings.accountId, school.accountId)),
        );
        expect(row!.smtpPasswordSealed).toMatch(/^v1\./);
        expect(row!.dkimKeySealed).toMatch(/^v1\./);
        // Saved again with the secrets left empty: the kept ones stay, still sealed.
        await save(sending, {
          ...settingsFor(portOf(own.url)),
          relay: { ...settingsFor(0).relay, port: portOf(own.url), password: "" },
          dkim: { ...settingsFor(0).dkim, privateKey: "" },
        });
        // The test send uses the kept password (the sink takes no other) and a wrong one fails.
        expect(
          await tryOut(sending, {
            ...settingsFor(portOf(own.url)),
            relay: { ...settingsFor(portOf(own.url)).relay, password: "" },
          }),
        ).toMatchObject({ ok: true });
        const wrong = await tryOut(sending, {
          ...settingsFor(portOf(own.url)),
          relay: { ...settingsFor(portOf(own.url)).relay, password: "not-the-password" },
        });
        expect(wrong).toMatchObject({ ok: false, code: "campaigns.relayFailed" });
        expect((wrong as { reason: string }).reason).toMatch(/535/);
        // Even the form itself, were some code to log it whole, is written without its secrets.
        logger.info({ settings: settingsFor(portOf(own.url)) }, "a form logged by mistake");
        const shown = JSON.stringify([saved, view, wrong, row]);
        const written = logs.join("\n");
        expect(written).toContain("campaign sending settings saved");
        expect(written).toContain("campaign sender test refused");
        for (const secret of [
          "relay-pass-0123",
          "not-the-password",
          bodyOf(dkimKeys.privateKey).slice(40, 80),
          "PRIVATE KEY",
        ]) {
          expect(shown).not.toContain(secret);
          expect(written).not.toContain(secret);
        }
      } finally {
        sending.relayPools!.close();
        await own.close();
      }
    },
  );

  logicTest(
    "M5 Send a test goes through the settings as the form holds them, saved or not; malformed settings answer 400 with the catalogue's keys; only managers may read or write",
    async () => {
      const elsewhere = await startSmtpSink({ auth: { user: "trial", pass: "trial-pass-0123" } });
      const sending = services(smtpTransport({ smtpUrl: "smtp://127.0.0.1:9", connections: 1 }));
      try {
        const trialKeys = rsaKeys(1024);
        const [before] = await db.database.forAccount(school.accountId, (tx) =>
          tx.select().from(campaignSendingSettings),
        );
        const answer = await tryOut(
          sending,
          settingsFor(portOf(elsewhere.url), {
            relay: {
              enabled: true,
              host: "127.0.0.1",
              port: portOf(elsewhere.url),
              security: "none",
              username: "trial",
              password: "trial-pass-0123",
            },
            dkim: {
              enabled: true,
              domain: "school.example",
              selector: "trial",
              privateKey: trialKeys.privateKey,
            },
          }),
        );
        expect(answer).toEqual({ ok: true, to: school.owner.user.email });
        expect(elsewhere.accepted.map((mail) => mail.to)).toEqual([
          school.owner.user.email.toLowerCase(),
        ]);
        const mail = elsewhere.accepted[0]!.raw;
        expect(unfold(mail)).toMatch(/^Subject: Test of the sending settings of Demo School/m);
        expect(verifyDkim(mail, trialKeys.publicKey)).toMatchObject({
          ok: true,
          tags: { d: "school.example", s: "trial" },
        });
        // Tried, not saved.
        const [after] = await db.database.forAccount(school.accountId, (tx) =>
          tx.select().from(campaignSendingSettings),
        );
        expect(after).toEqual(before);

        // A private relay where the operator allows none: refused beside the host, nothing sent.
        const strict = services(sending.transport, { allowPrivate: false });
        expect(issuesOf(await tryOut(strict, settingsFor(portOf(elsewhere.url))))).toEqual([
          "relay.host:privateHost",
        ]);
        expect(elsewhere.accepted).toHaveLength(1);
        // Saved, an address is judged at once; a campaign of a site whose relay became one
        // waits (deferred), never leaving through the platform's relay instead.
        expect(issuesOf(await save(strict, settingsFor(portOf(elsewhere.url))))).toEqual([
          "relay.host:privateHost",
        ]);
        const platform = await startSmtpSink();
        const guarded = services(smtpTransport({ smtpUrl: platform.url, connections: 1 }), {
          allowPrivate: false,
        });
        const held = await sendCampaign(guarded, school.accountId, school.owner);
        expect(held.sent).toBe(0);
        expect(held.again).toBeGreaterThan(0);
        expect(platform.accepted).toHaveLength(0);
        expect(logs.join("\n")).toContain("a site's own relay may not be used");
        guarded.transport.close();
        await platform.close();

        // Malformed: field issues under request.invalid (the screen's action answers them 400).
        const refused = await save(sending, {
          senderAddress: "news@school.example",
          relay: { enabled: false },
          dkim: { enabled: true, domain: "school.example", selector: "s1", privateKey: null },
        });
        expect(refused).toMatchObject({ ok: false, code: "request.invalid" });
        expect(issuesOf(refused)).toEqual(["dkim.privateKey:dkimKeyMissing"]);
        expect(
          issuesOf(
            await save(sending, {
              relay: { enabled: true, host: "mail.school.example", username: "u", password: "" },
              dkim: { enabled: false, privateKey: rsaKeys(512).privateKey },
            }),
          ),
        ).toEqual(["dkim.privateKey:dkimKeyWeak"]);
        expect(
          issuesOf(
            await save(sending, {
              relay: { enabled: true, host: "smtp..example", port: "x" },
              dkim: { enabled: true, domain: "school", selector: "a b", privateKey: "nope" },
            }),
          ).sort(),
        ).toEqual(
          [
            "relay.port:invalid_type",
            "relay.host:host",
            "dkim.domain:dkimDomain",
            "dkim.selector:dkimSelector",
            "dkim.privateKey:dkimKey",
          ].sort(),
        );
        await expect(
          commandSender(sending, {
            accountId: school.accountId,
            viewer: school.owner,
            siteName: "Demo School",
            origin: "https://demo.lyceum.example",
            lang: "en",
            body: { intent: "saveSenders", settings: {} },
          }),
        ).rejects.toMatchObject({ code: "request.invalid", status: 400 });

        // Only the site's managers.
        await expect(save(sending, settingsFor(1), school.student)).rejects.toMatchObject({
          status: 403,
        });
        await expect(
          readSenderSettings(sending, {
            accountId: school.accountId,
            viewer: school.student,
            siteName: "Demo School",
            origin: "https://demo.lyceum.example",
          }),
        ).rejects.toMatchObject({ status: 403 });
        await expect(
          readSenderSettings(sending, {
            accountId: school.accountId,
            viewer: null,
            siteName: "Demo School",
            origin: "https://demo.lyceum.example",
          }),
        ).rejects.toMatchObject({ status: 401 });
      } finally {
        sending.relayPools!.close();
        await elsewhere.close();
      }
    },
  );

  logicTest(
    "M5 a site's own relay webhook: its key kept sealed and never shown; a key not of the relay's form, or none, refused; a kept key serves only its relay; None forgets it",
    async () => {
      const sending = services(smtpTransport({ smtpUrl: "smtp://127.0.0.1:9", connections: 1 }));
      const credentials = "school-hooks:0123456789abcdef";
      const withWebhook = (webhook: Record<string, unknown>) => ({
        ...settingsFor(0),
        relay: { enabled: false, host: "", port: 587 },
        webhook,
      });
      const keyOf = (relay: string) =>
        db.database.forAccount(school.accountId, (tx) =>
          siteWebhookKey(tx, secretBox, { accountId: school.accountId, relay }),
        );
      const issuesOf = (answer: unknown) =>
        (
          (answer as { issues?: { path: string; code: string; origin?: string }[] }).issues ?? []
        ).map((issue) => `${issue.path}:${issue.origin ?? issue.code}`);
      logs.length = 0;
      const saved = await save(sending, withWebhook({ relay: "postmark", key: credentials }));
      expect(saved).toMatchObject({
        ok: true,
        settings: {
          webhook: {
            relay: "postmark",
            keySet: true,
            endpoint: "https://demo.lyceum.example/api/email/feedback/",
          },
        },
      });
      expect(await keyOf("postmark")).toBe(credentials);
      expect(await keyOf("mailgun")).toBeNull();
      const [row] = await db.database.forAccount(school.accountId, (tx) =>
        tx.select().from(campaignSendingSettings),
      );
      expect(row!.webhookKeySealed).toMatch(/^v1\./);
      // Not in the answer, the row or the logs, even were some code to log the form whole.
      logger.info(
        { settings: withWebhook({ relay: "postmark", key: credentials }) },
        "a form logged by mistake",
      );
      expect(logs.join("\n")).toContain("campaign sending settings saved");
      expect(JSON.stringify([saved, row]) + logs.join("\n")).not.toContain("0123456789abcdef");

      // Saved again with the key left empty: kept.
      expect(await save(sending, withWebhook({ relay: "postmark", key: "" }))).toMatchObject({
        ok: true,
      });
      expect(await keyOf("postmark")).toBe(credentials);
      // Refused, and nothing changed: another relay with no key of its own, keys not of their
      // relay's form, a line break.
      const refusals: [Record<string, unknown>, string][] = [
        [{ relay: "mailgun", key: "" }, "webhook.key:webhookKeyMissing"],
        [{ relay: "postmark", key: null }, "webhook.key:webhookKeyMissing"],
        [{ relay: "sendgrid", key: "not-a-verification-key-at-all" }, "webhook.key:webhookKey"],
        [{ relay: "postmark", key: "no-colon-in-these-credentials" }, "webhook.key:webhookKey"],
        [{ relay: "mailgun", key: "short" }, "webhook.key:webhookKey"],
        [{ relay: "mailgun", key: "line\nbreak-0123456789" }, "webhook.key:singleLine"],
        [{ relay: "ses", key: "arn:aws:sns:eu-west-1:1:x" }, "webhook.relay:invalid_value"],
      ];
      for (const [webhook, issue] of refusals) {
        const answer = await save(sending, withWebhook(webhook));
        expect(answer, JSON.stringify(webhook)).toMatchObject({ ok: false });
        expect(issuesOf(answer)).toContain(issue);
      }
      expect(await keyOf("postmark")).toBe(credentials);
      // SendGrid's verification key as its settings show it.
      const { publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
      const verification = publicKey.export({ type: "spki", format: "der" }).toString("base64");
      expect(
        await save(sending, withWebhook({ relay: "sendgrid", key: verification })),
      ).toMatchObject({ ok: true, settings: { webhook: { relay: "sendgrid", keySet: true } } });
      expect(await keyOf("sendgrid")).toBe(verification);
      expect(await keyOf("postmark")).toBeNull();
      // None: the key is forgotten.
      expect(await save(sending, withWebhook({ relay: "", key: "" }))).toMatchObject({
        ok: true,
        settings: { webhook: { relay: "", keySet: false } },
      });
      const [after] = await db.database.forAccount(school.accountId, (tx) =>
        tx.select().from(campaignSendingSettings),
      );
      expect(after!.webhookKeySealed).toBeNull();
    },
  );
});
