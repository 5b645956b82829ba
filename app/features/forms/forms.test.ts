import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contactConsents, contacts } from "~/features/contacts/tables.server";
import type { Viewer } from "~/features/members/members.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  backends,
  createTestDatabase,
  logicTestOn,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { confirmSignature, submitForm, formStamp } from "./form-answers.server";
import { checkAnswers, formInputSchema, type FormInput } from "./form-shapes";
import {
  commandForms,
  confirmSubscription,
  listForms,
  listSubmissions,
  publicForm,
  submissionsCsv,
  submissionsForExport,
} from "./forms.server";
import { formSubmissions } from "./tables.server";

const secretBox = createSecretBox("forms-test-secret-0123456789abcdef");
const countryCodes = new Set(["FR", "DE", "IN", "US"]);

const newsletter = (overrides: Partial<FormInput> = {}): FormInput => ({
  name: "Newsletter",
  slug: "newsletter",
  fields: [
    { name: "email", type: "email", label: "E-mail", required: true },
    { name: "name", type: "text", label: "Name" },
    {
      name: "level",
      type: "radio",
      label: "Level",
      options: [
        { value: "b", label: "Beginner" },
        { value: "a", label: "Advanced" },
      ],
    },
    { name: "country", type: "country", label: "Country" },
    { name: "source", type: "hidden", label: "Source", hiddenSource: "fixed", hiddenValue: "x" },
    { name: "consent", type: "consent", label: "Send me the weekly letter", required: true },
  ],
  submitLabel: "Subscribe",
  successMessage: "Welcome aboard",
  tags: ["newsletter"],
  ...overrides,
});

describe("M5 a form's answers are checked against its fields", () => {
  const fields = formInputSchema.parse(newsletter()).fields;
  test("M5 V1 a required box, an address, a radio and a country are checked; a good answer is kept clean", () => {
    const bad = checkAnswers(
      fields,
      { email: "nope@x", level: "z", country: "ZZ" },
      { countryCodes },
    );
    expect(bad.issues).toEqual([
      { field: "email", origin: "pattern" },
      { field: "level", origin: "choice" },
      { field: "country", origin: "choice" },
      { field: "consent", origin: "required" },
    ]);
    const good = checkAnswers(
      fields,
      { email: " Ada@Example.com ", level: "a", country: "fr", consent: "on", name: "Ada" },
      { countryCodes },
    );
    expect(good.issues).toEqual([]);
    expect(good.answers).toMatchObject({
      email: "Ada@Example.com",
      level: "a",
      country: "FR",
      consent: true,
    });
  });

  test("M5 a form needs exactly one e-mail field, unique names and options for its choices", () => {
    const twoEmails = formInputSchema.safeParse(
      newsletter({
        fields: [
          { name: "email", type: "email", label: "E-mail" },
          { name: "email", type: "email", label: "Again" },
          { name: "pick", type: "select", label: "Pick" },
        ],
      }),
    );
    expect(twoEmails.success).toBe(false);
    const paths = twoEmails.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["fields", "fields.1.name", "fields.2.options"]));
  });
});

describe.each(backends)("M5 forms on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let manager: Viewer;
  let student: Viewer;
  const sent: { name: string; data: Record<string, unknown> }[] = [];
  const jobs = {
    async send(_tx: unknown, name: string, data: Record<string, unknown>) {
      sent.push({ name, data });
    },
  };
  const deps = () => ({ database: db.database, secretBox, jobs });

  const person = async (roleName: string, caps: string[]): Promise<Viewer> => {
    const { user, membership } = await createMember(db.database, { accountId, roleName });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as Viewer;
  };
  const save = async (input: FormInput, id: string | null = null) => {
    const answer = await commandForms(db.database, {
      accountId,
      viewer: manager,
      body: { intent: "saveForm", id, form: input },
    });
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    return (answer as { id: string }).id;
  };
  /** A visitor's answer, sent `after` ms after the form was rendered. */
  const answer = (formId: string, raw: Record<string, string>, after = 5_000) => {
    const now = new Date();
    return submitForm(deps(), {
      accountId,
      formId,
      raw: {
        ...raw,
        _stamp: formStamp(secretBox, { accountId, formId, now: now.getTime() - after }),
      },
      visit: { pageUrl: "/landing", ip: "203.0.113.9", userAgent: "Test browser" },
      countryCodes,
      now,
    });
  };
  const contactOf = async (email: string) => {
    const [row] = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), eq(contacts.email, email))),
    );
    return row;
  };
  const consentsOf = (contactId: string) =>
    db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(contactConsents)
        .where(
          and(eq(contactConsents.accountId, accountId), eq(contactConsents.contactId, contactId)),
        )
        .orderBy(contactConsents.at),
    );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    manager = await person("site_owner", ["manage_options"]);
    student = await person("student", []);
  });
  afterAll(() => db.dispose());

  logicTest(
    "M5 only the site's managers save forms; a taken address comes back beside the slug",
    async () => {
      await expect(
        commandForms(db.database, {
          accountId,
          viewer: student,
          body: { intent: "saveForm", id: null, form: newsletter({ slug: "mine" }) },
        }),
      ).rejects.toMatchObject({ code: "auth.forbidden" });
      await save(newsletter({ slug: "taken" }));
      const again = await commandForms(db.database, {
        accountId,
        viewer: manager,
        body: { intent: "saveForm", id: null, form: newsletter({ slug: "taken" }) },
      });
      expect(again).toMatchObject({ ok: false, issues: [{ path: "slug", origin: "slugTaken" }] });
    },
  );

  test("M5 an answer makes a subscribed contact with the form's tags, fields and the exact consent wording", async () => {
    const formId = await save(newsletter({ slug: `proof-${backend}` }));
    const email = `ada-${backend}@example.com`;
    const result = await answer(formId, {
      email,
      name: "Ada",
      level: "a",
      country: "fr",
      consent: "on",
    });
    expect(result).toMatchObject({ ok: true, successMessage: "Welcome aboard", confirmBy: null });
    const contact = await contactOf(email);
    expect(contact).toMatchObject({ status: "subscribed", source: "form", name: "Ada" });
    expect(contact!.tags).toEqual(["newsletter"]);
    expect(contact!.fields).toMatchObject({ level: "a", country: "FR", source: "x" });
    const log = await consentsOf(contact!.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "subscribe",
      wording: "Send me the weekly letter",
      origin: `form:${formId}`,
      pageUrl: "/landing",
      ip: "203.0.113.9",
      userAgent: "Test browser",
    });
  });

  logicTest(
    "M5 robots: the honeypot answers as if sent and keeps nothing; a form sent too fast or with a forged stamp is refused",
    async () => {
      const formId = await save(newsletter({ slug: "robots" }));
      const base = { email: "bot@example.com", consent: "on" };
      expect(await answer(formId, { ...base, website_url: "http://spam.example" })).toMatchObject({
        ok: true,
      });
      expect(await answer(formId, base, 500)).toEqual({ ok: false, reason: "stamp" });
      const forged = await submitForm(deps(), {
        accountId,
        formId,
        raw: { ...base, _stamp: `${Date.now() - 60_000}.forged` },
        visit: { pageUrl: "", ip: "", userAgent: "" },
        countryCodes,
      });
      expect(forged).toEqual({ ok: false, reason: "stamp" });
      expect(await contactOf("bot@example.com")).toBeUndefined();
    },
  );

  logicTest(
    "M5 a closed form takes no answer; mistakes come back by field and nothing is kept",
    async () => {
      const formId = await save(newsletter({ slug: "closed", status: "closed" }));
      expect(await answer(formId, { email: "c@example.com", consent: "on" })).toEqual({
        ok: false,
        reason: "closed",
      });
      const openId = await save(newsletter({ slug: "mistakes" }));
      const wrong = await answer(openId, { email: "x@y", consent: "" });
      expect(wrong).toMatchObject({ ok: false, reason: "answers" });
      const count = await db.database.forAccount(accountId, (tx) =>
        tx.select().from(formSubmissions).where(eq(formSubmissions.formId, openId)),
      );
      expect(count).toHaveLength(0);
    },
  );

  test("M5 double opt-in: the contact waits unconfirmed, a mail is queued, and pressing the signed link's button subscribes once", async () => {
    const formId = await save(newsletter({ slug: `double-${backend}`, doubleOptIn: true }));
    const email = `grace-${backend}@example.com`;
    sent.length = 0;
    expect(await answer(formId, { email, consent: "on" })).toMatchObject({
      ok: true,
      confirmBy: "mail",
    });
    expect(sent).toHaveLength(1);
    const submissionId = String(sent[0]!.data.submissionId);
    const contact = await contactOf(email);
    expect(contact!.status).toBe("unconfirmed");
    expect(await consentsOf(contact!.id)).toHaveLength(0);

    const visit = { ip: "198.51.100.7", userAgent: "Mail app" };
    expect(
      await confirmSubscription(deps(), {
        accountId,
        submissionId,
        signature: "not-the-signature",
        visit,
      }),
    ).toBe("invalid");
    const signature = confirmSignature(secretBox, accountId, submissionId);
    // Twenty presses at once (a double click, a scanner and the person): one confirmation.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        confirmSubscription(deps(), { accountId, submissionId, signature, visit }),
      ),
    );
    expect(outcomes.filter((one) => one === "confirmed")).toHaveLength(1);
    expect(outcomes.filter((one) => one === "already")).toHaveLength(19);
    expect((await contactOf(email))!.status).toBe("subscribed");
    const log = await consentsOf(contact!.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: "confirm",
      wording: "Send me the weekly letter",
      ip: "198.51.100.7",
      pageUrl: "/landing",
    });
  });

  logicTest(
    "M5 someone who unsubscribed and agrees again on a form is subscribed again, in the log",
    async () => {
      const formId = await save(newsletter({ slug: "again" }));
      const email = "back@example.com";
      await answer(formId, { email, consent: "on" });
      const contact = await contactOf(email);
      await db.database.forAccount(accountId, (tx) =>
        tx.update(contacts).set({ status: "unsubscribed" }).where(eq(contacts.id, contact!.id)),
      );
      await answer(formId, { email, consent: "on" });
      expect((await contactOf(email))!.status).toBe("subscribed");
      expect((await consentsOf(contact!.id)).map((line) => line.action)).toEqual([
        "subscribe",
        "resubscribe",
      ]);
    },
  );

  test("M5 twenty answers of one address at once: one contact, twenty answers", async () => {
    const formId = await save(newsletter({ slug: `crowd-${backend}` }));
    const email = `crowd-${backend}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        answer(formId, { email: index % 2 ? email.toUpperCase() : email, consent: "on" }),
      ),
    );
    expect(results.every((one) => one.ok)).toBe(true);
    const people = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(contacts).where(eq(contacts.accountId, accountId)),
    );
    expect(people.filter((one) => one.email.toLowerCase() === email)).toHaveLength(1);
    const list = await listSubmissions(db.database, {
      accountId,
      viewer: manager,
      formId,
      search: new URLSearchParams(),
    });
    expect(list.total).toBe(20);
    const listed = await listForms(db.database, { accountId, viewer: manager });
    expect(listed.find((one) => one.id === formId)?.submissions).toBe(20);
  });

  logicTest(
    "M5 D15 the answers list searches every value; its CSV shows labels and country names and defuses formulas",
    async () => {
      const formId = await save(newsletter({ slug: "export" }));
      await answer(formId, {
        email: "csv@example.com",
        name: "=HYPERLINK(1)",
        level: "b",
        country: "DE",
        consent: "on",
      });
      await answer(formId, { email: "other@example.com", consent: "on" });
      const search = new URLSearchParams({ q: "hyperlink" });
      const found = await listSubmissions(db.database, {
        accountId,
        viewer: manager,
        formId,
        search,
      });
      expect(found.rows.map((row) => row.email)).toEqual(["csv@example.com"]);
      const exported = await submissionsForExport(db.database, {
        accountId,
        viewer: manager,
        formId,
        search,
      });
      const csv = submissionsCsv(exported, {
        lang: "en",
        countryNames: new Map([["DE", "Germany"]]),
      });
      const [header, row] = csv.split("\r\n");
      expect(header).toBe(
        "E-mail,Name,Level,Country,Source,Send me the weekly letter,submitted_at,page,confirmed_at",
      );
      expect(row).toContain(`csv@example.com,"'=HYPERLINK(1)",Beginner,Germany,x,✓,`);
      expect(await publicForm(db.database, { accountId, slug: "export" })).toMatchObject({
        id: formId,
        submitLabel: "Subscribe",
      });
    },
  );
});
