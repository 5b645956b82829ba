// M5 a form's own page over HTTP, as a browser without script uses it: the page, an answer
// posted as a form body (303 to the thank-you), mistakes shown again, bodies of other types
// refused, and a double opt-in confirmed by mail and one press.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { readOutbox } from "~/platform/mail/mail.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import { createClient } from "../../../tests/support/http-client";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";
import { commandForms, formStamp } from "./forms.server";

/** The test services' auth secret (tests/support/test-server.ts): stamps the server accepts. */
const secretBox = createSecretBox("test-secret-test-secret-test-secret-0123");

describe.each(logicBackends)("M5 a form's page on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let accountId = "";
  let host = "";
  const ids: Record<string, string> = {};
  let ip = 0;
  const browser = () => createClient(app, { host, ip: `10.77.0.${++ip}` });
  const stamp = (formId: string) =>
    formStamp(secretBox, { accountId, formId, now: Date.now() - 10_000 });
  const contactOf = async (email: string) =>
    (
      await db.database.forAccount(accountId, (tx) =>
        tx
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, accountId), eq(contacts.email, email))),
      )
    )[0];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = (await createTestAppWithPages(db.database)).app;
    const site = await createAccount(db.database, { slug: `forms${backend}` });
    accountId = site.accountId;
    host = `${site.slug}.localhost`;
    const { user, membership } = await createMember(db.database, {
      accountId,
      roleName: "site_owner",
    });
    const owner = {
      user: { ...user, image: null },
      membership: { ...membership, caps: ["manage_options"] },
      isSuperAdmin: false,
    } as Viewer;
    for (const [slug, doubleOptIn, redirectUrl] of [
      ["letter", false, ""],
      ["double", true, ""],
      ["onward", false, "/thankyou"],
    ] as const) {
      const saved = await commandForms(db.database, {
        accountId,
        viewer: owner,
        body: {
          intent: "saveForm",
          id: null,
          form: {
            name: `Form ${slug}`,
            slug,
            doubleOptIn,
            redirectUrl,
            successMessage: "See you soon",
            fields: [
              { name: "email", type: "email", label: "Your e-mail", required: true },
              { name: "consent", type: "consent", label: "Yes, write to me", required: true },
            ],
          },
        },
      });
      ids[slug] = (saved as { id: string }).id;
    }
  }, 120_000);
  afterAll(() => db?.dispose());

  test("M5 the page is plain HTML with its fields, the robots' trap and a stamp; an answer goes to the thank-you or the form's redirect", async () => {
    const client = browser();
    const page = await client.request("/form/letter");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('action="/form/letter"');
    expect(html).toContain("Yes, write to me");
    expect(html).toMatch(/name="website_url"/);
    expect(html).toMatch(/name="_stamp" value="\d+\.[\w-]+"/);
    expect((await client.request("/form/nothing-here")).status).toBe(404);

    const sent = await client.request("/form/letter", {
      method: "POST",
      form: { email: "reader@example.com", consent: "on", _stamp: stamp(ids.letter!) },
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/form/letter?sent=1");
    expect(await (await client.request("/form/letter?sent=1")).text()).toContain("See you soon");
    expect(await contactOf("reader@example.com")).toMatchObject({ status: "subscribed" });

    // A form with a redirect sends the visitor on instead.
    const onward = await client.request("/form/onward", {
      method: "POST",
      form: { email: "onward@example.com", consent: "on", _stamp: stamp(ids.onward!) },
    });
    expect(onward.status).toBe(303);
    expect(onward.headers.get("location")).toBe("/thankyou");
  });

  test("M5 mistakes come back beside their fields with what was typed; a form sent at once is refused", async () => {
    const client = browser();
    const wrong = await client.request("/form/letter", {
      method: "POST",
      form: { email: "typo@example", _stamp: stamp(ids.letter!) },
    });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('value="typo@example"');
    expect(html).toContain('aria-invalid="true"');
    const fast = await client.request("/form/letter", {
      method: "POST",
      form: {
        email: "quick@example.com",
        consent: "on",
        _stamp: formStamp(secretBox, { accountId, formId: ids.letter!, now: Date.now() }),
      },
    });
    expect(fast.status).toBe(400);
    expect(await contactOf("quick@example.com")).toBeUndefined();
  });

  test("M5 I31 a JSON or broken body is refused with 415 or 400, never 500", async () => {
    const client = browser();
    const json = await client.request("/form/letter", {
      method: "POST",
      json: { email: "j@x.io" },
    });
    expect(json.status).toBe(415);
    const broken = await app.request(
      `http://${host}/form/letter`,
      {
        method: "POST",
        headers: {
          host,
          origin: `http://${host}`,
          "content-type": "multipart/form-data; boundary=nothing",
        },
        body: "--else\r\nbroken",
      },
      { incoming: { socket: { remoteAddress: "10.77.1.1" } } },
    );
    expect(broken.status).toBe(400);
  });

  test("M5 double opt-in: the mail's link asks for one press, which subscribes; the link never confirms alone", async () => {
    const client = browser();
    const email = "twice@example.com";
    const sent = await client.request("/form/double", {
      method: "POST",
      form: { email, consent: "on", _stamp: stamp(ids.double!) },
    });
    expect(sent.headers.get("location")).toBe("/form/double?sent=confirm");
    expect(await (await client.request("/form/double?sent=confirm")).text()).toContain(
      "Check your inbox",
    );
    let mails = await readOutbox(db.database, { to: email });
    for (let i = 0; mails.length === 0 && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mails = await readOutbox(db.database, { to: email });
    }
    expect(mails).toHaveLength(1);
    const link = new URL(/https?:\/\/\S+\/subscribed\?\S+/.exec(mails[0]!.textBody)![0]);
    const ask = await client.request(`${link.pathname}${link.search}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Yes, subscribe me");
    expect(await contactOf(email)).toMatchObject({ status: "unconfirmed" });

    const forged = await client.request("/subscribed", {
      method: "POST",
      form: { s: link.searchParams.get("s")!, sig: "forged" },
    });
    expect(forged.status).toBe(400);
    const pressed = await client.request("/subscribed", {
      method: "POST",
      form: { s: link.searchParams.get("s")!, sig: link.searchParams.get("sig")! },
    });
    expect(pressed.status).toBe(303);
    expect(await contactOf(email)).toMatchObject({ status: "subscribed" });
    expect(await (await client.request("/subscribed")).text()).toContain("You are subscribed");
  }, 60_000);
});
