import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { enrolments } from "~/features/learning/tables.server";
import type { Viewer } from "~/features/members/members.server";
import {
  createAccount,
  createCourse,
  createMember,
  createUser,
  memberViewer,
} from "../../../tests/factories";
import {
  backends,
  logicTestOn,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { contactsCsv } from "./contact-import.server";
import {
  captureContact,
  commandContacts,
  contactsForExport,
  listContacts,
  loadContact,
  SOFT_OPT_IN_WORDING,
} from "./contacts.server";
import { contactConsents, contacts } from "./tables.server";

const timeZone = "Europe/Paris";

describe.each(backends)("M5 contacts on %s", (backend) => {
  const logicTest = logicTestOn(backend);
  let db: TestDatabase;
  let accountId: string;
  let otherAccountId: string;
  let manager: Viewer;
  let student: Viewer;

  const person = (accountId: string, roleName: string, caps: string[]) =>
    memberViewer(db.database, { accountId, roleName, caps });
  const command = (body: unknown, viewer: Viewer | null = manager) =>
    commandContacts(db.database, { accountId, viewer, timeZone, body });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    otherAccountId = (await createAccount(db.database)).accountId;
    manager = await person(accountId, "site_owner", ["manage_options"]);
    student = await person(accountId, "student", []);
  });
  afterAll(() => db.dispose());

  test("M5 twenty sign-ups of one address at once make one contact; its status is never raised", async () => {
    const email = `Same.Person+${backend}@Example.com`;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db.database.forAccount(accountId, (tx) =>
          captureContact(tx, {
            accountId,
            email: index % 2 ? email.toLowerCase() : email,
            name: `Name ${index}`,
            source: "signup",
            status: "subscribed",
            tags: [`t${index % 3}`],
            proof: { wording: "Subscribed as a customer", origin: "signup" },
          }),
        ),
      ),
    );
    const rows = await db.database.forAccount(accountId, (tx) =>
      tx.select().from(contacts).where(eq(contacts.accountId, accountId)),
    );
    const mine = rows.filter((row) => row.email.toLowerCase() === email.toLowerCase());
    expect(mine).toHaveLength(1);
    expect(mine[0]!.tags.sort()).toEqual(["t0", "t1", "t2"]);
    const log = await db.database.forAccount(accountId, (tx) =>
      tx
        .select()
        .from(contactConsents)
        .where(
          and(eq(contactConsents.accountId, accountId), eq(contactConsents.contactId, mine[0]!.id)),
        ),
    );
    // Made once, so subscribed once.
    expect(log).toHaveLength(1);

    // Unsubscribed, a later order does not subscribe the person again.
    await db.database.forAccount(accountId, (tx) =>
      tx.update(contacts).set({ status: "unsubscribed" }).where(eq(contacts.id, mine[0]!.id)),
    );
    const again = await db.database.forAccount(accountId, (tx) =>
      captureContact(tx, {
        accountId,
        email,
        source: "order",
        status: "subscribed",
        proof: { wording: "", origin: "order" },
      }),
    );
    expect(again.created).toBe(false);
    expect(again.contact.status).toBe("unsubscribed");
  });

  logicTest(
    "M5 the owner adds, changes and deletes a contact; each change of consent is logged",
    async () => {
      const made = await command({
        intent: "saveContact",
        id: null,
        contact: {
          email: "ada@example.com",
          name: "Ada",
          status: "subscribed",
          tags: ["vip"],
          fields: { city: "Lyon" },
          consentNote: "Asked at the Lyon meetup",
        },
      });
      expect(made).toMatchObject({
        ok: true,
        contact: { email: "ada@example.com", source: "manual" },
      });
      const id = (made as { contact: { id: string } }).contact.id;

      const twice = await command({
        intent: "saveContact",
        id: null,
        contact: { email: "ADA@example.com", name: "", status: "subscribed" },
      });
      expect(twice).toMatchObject({
        ok: false,
        issues: [{ path: "email", origin: "contactTaken" }],
      });
      const wrong = await command({
        intent: "saveContact",
        id: null,
        contact: { email: "not an address", name: "", status: "subscribed" },
      });
      expect(wrong).toMatchObject({ ok: false, issues: [{ path: "email" }] });

      await command({
        intent: "saveContact",
        id,
        contact: {
          email: "ada@example.com",
          name: "Ada L.",
          status: "unsubscribed",
          tags: ["vip"],
        },
      });
      const { contact, consents } = await loadContact(db.database, {
        accountId,
        viewer: manager,
        id,
      });
      expect(contact).toMatchObject({ name: "Ada L.", status: "unsubscribed" });
      expect(consents.map((entry) => entry.action)).toEqual(["unsubscribe", "subscribe"]);
      expect(consents[1]!.wording).toBe("Asked at the Lyon meetup");

      // A bounce is the relay's word: an edit that does not subscribe the address again keeps it.
      await db.database.forAccount(accountId, (tx) =>
        tx.update(contacts).set({ status: "bounced" }).where(eq(contacts.id, id)),
      );
      const edited = await command({
        intent: "saveContact",
        id,
        contact: { email: "ada@example.com", name: "Ada", status: "unsubscribed" },
      });
      expect(edited).toMatchObject({ ok: true, contact: { status: "bounced", name: "Ada" } });
      const back = await command({
        intent: "saveContact",
        id,
        contact: {
          email: "ada@example.com",
          name: "Ada",
          status: "subscribed",
          consentNote: "Asked again",
        },
      });
      expect(back).toMatchObject({ ok: true, contact: { status: "subscribed" } });
      const log = await loadContact(db.database, { accountId, viewer: manager, id });
      expect(log.consents[0]).toMatchObject({ action: "resubscribe", wording: "Asked again" });

      expect(await command({ intent: "deleteContacts", ids: [id] })).toEqual({
        ok: true,
        deleted: 1,
      });
      await expect(
        loadContact(db.database, { accountId, viewer: manager, id }),
      ).rejects.toMatchObject({
        code: "route.notFound",
      });
    },
  );

  logicTest(
    "M5 a CSV import: guessed mapping, preview with each row's mistake, one transaction",
    async () => {
      const csv = [
        "Email,Full name,Tags,City",
        'imp1@example.com,One,"a,b",Paris',
        "not-an-address,Two,,Rome",
        "IMP1@example.com,Dup,,Nice",
        "imp3@example.com,Three,b,=cmd()",
        "",
      ].join("\n");
      const preview = await command({ intent: "previewImport", csv });
      expect(preview).toMatchObject({
        ok: true,
        columns: ["Email", "Full name", "Tags", "City"],
        mapping: ["email", "name", "tags", "field:city"],
        rowCount: 4,
        valid: 2,
        problems: [
          { row: 3, reason: "email" },
          { row: 4, reason: "duplicate" },
        ],
      });
      const imported = await command({
        intent: "import",
        csv,
        status: "subscribed",
        tags: ["imported"],
        consentNote: "Newsletter sign-up sheet, 2026",
        fileName: "list.csv",
      });
      expect(imported).toMatchObject({ ok: true, created: 2, updated: 0, problemCount: 2 });
      // Again, as people who only want to be kept as contacts: known addresses keep their status.
      const again = await command({
        intent: "import",
        csv,
        status: "unsubscribed",
        tags: ["again"],
      });
      expect(again).toMatchObject({ ok: true, created: 0, updated: 2 });

      const list = await listContacts(db.database, {
        accountId,
        viewer: manager,
        search: new URLSearchParams({ tag: "imported" }),
        timeZone,
      });
      expect(list.rows.map((row) => row.email).sort()).toEqual([
        "imp1@example.com",
        "imp3@example.com",
      ]);
      expect(list.rows.find((row) => row.email === "imp1@example.com")).toMatchObject({
        name: "One",
        tags: ["a", "again", "b", "imported"],
        fields: { city: "Paris" },
        status: "subscribed",
        source: "import",
      });

      // The export never hands a spreadsheet a formula.
      const csvOut = contactsCsv(
        await contactsForExport(db.database, {
          accountId,
          viewer: manager,
          search: new URLSearchParams({ tag: "imported" }),
          timeZone,
        }),
      );
      expect(csvOut.split("\r\n")[0]).toBe(
        "email,name,status,source,tags,member,created_at,last_activity_at,city",
      );
      expect(csvOut).toContain(`"'=cmd()"`);

      const noEmail = await command({
        intent: "import",
        csv,
        mapping: ["ignore", "name", "tags", "ignore"],
      });
      expect(noEmail).toMatchObject({
        ok: false,
        issues: [{ path: "mapping", origin: "emailColumn" }],
      });
    },
  );

  logicTest("M5 segments select by tags, status, fields and courses, and count live", async () => {
    const course = await createCourse(db.database, { accountId, lessonTitles: ["one"] });
    const learner = await person(accountId, "student", []);
    await db.database.forAccount(accountId, async (tx) => {
      await tx
        .insert(enrolments)
        .values({ accountId, courseId: course.id, userId: learner.user.id, source: "manual" });
      for (const [email, tags, status, userId] of [
        ["seg1@example.com", ["gold"], "subscribed", learner.user.id],
        ["seg2@example.com", ["gold", "lapsed"], "subscribed", null],
        ["seg3@example.com", ["silver"], "unsubscribed", null],
      ] as const)
        await captureContact(tx, {
          accountId,
          email,
          userId,
          source: "manual",
          status,
          tags: [...tags],
          fields: { plan: email === "seg3@example.com" ? "pro" : "basic" },
          proof: { wording: "", origin: "test" },
        });
    });
    const count = async (rules: unknown) =>
      ((await command({ intent: "previewSegment", rules })) as { count: number }).count;
    expect(await count({ tagsAny: ["gold"] })).toBe(2);
    expect(await count({ tagsAll: ["gold", "lapsed"] })).toBe(1);
    expect(await count({ tagsAny: ["gold", "silver"], tagsNone: ["lapsed"] })).toBe(2);
    expect(await count({ tagsAny: ["gold", "silver"], statuses: ["subscribed"] })).toBe(2);
    expect(await count({ fields: [{ key: "plan", op: "is", value: "PRO" }] })).toBe(1);
    expect(await count({ courseIds: [course.id] })).toBe(1);
    expect(await count({ createdFrom: "2000-01-01", tagsAny: ["gold"] })).toBe(2);
    expect(await count({ createdTo: "2000-01-01", tagsAny: ["gold"] })).toBe(0);
    await expect(
      command({ intent: "previewSegment", rules: { tagsAny: "gold" } }),
    ).rejects.toMatchObject({
      code: "request.invalid",
    });

    const saved = await command({
      intent: "saveSegment",
      id: null,
      segment: { name: "Gold", rules: { tagsAny: ["gold"] } },
    });
    expect(saved).toMatchObject({ ok: true });
    const same = await command({
      intent: "saveSegment",
      id: null,
      segment: { name: "Gold", rules: {} },
    });
    expect(same).toMatchObject({ ok: false, issues: [{ path: "name", origin: "nameTaken" }] });
    const segmentId = (saved as { id: string }).id;
    const list = await listContacts(db.database, {
      accountId,
      viewer: manager,
      search: new URLSearchParams({ segment: segmentId }),
      timeZone,
    });
    expect(list.total).toBe(2);
  });

  logicTest(
    "M5 members become contacts when the list opens: soft opt-in logged, an earlier contact linked, an unsubscribed one left so",
    async () => {
      const early = `early-${backend}@example.com`;
      await db.database.forAccount(accountId, (tx) =>
        captureContact(tx, {
          accountId,
          email: early.toUpperCase(),
          source: "form",
          status: "unsubscribed",
          proof: { wording: "", origin: "form:test" },
        }),
      );
      await createMember(db.database, {
        accountId,
        roleName: "student",
        user: await createUser(db.database, { email: early }),
      });
      const fresh = await createMember(db.database, { accountId, roleName: "student" });
      const found = (q: string) =>
        listContacts(db.database, {
          accountId,
          viewer: manager,
          search: new URLSearchParams({ q }),
          timeZone,
        });
      const list = await found(fresh.user.email);
      expect(list.rows).toHaveLength(1);
      expect(list.rows[0]).toMatchObject({
        source: "signup",
        status: "subscribed",
        isMember: true,
      });
      const { consents } = await loadContact(db.database, {
        accountId,
        viewer: manager,
        id: list.rows[0]!.id,
      });
      expect(consents).toMatchObject([{ action: "subscribe", wording: SOFT_OPT_IN_WORDING }]);
      const earlier = await found(early);
      expect(earlier.rows).toHaveLength(1);
      expect(earlier.rows[0]).toMatchObject({
        source: "form",
        status: "unsubscribed",
        isMember: true,
      });
    },
  );

  logicTest(
    "M5 only managers keep contacts; another account's contacts are out of reach",
    async () => {
      await expect(command({ intent: "previewSegment", rules: {} }, student)).rejects.toMatchObject(
        {
          code: "auth.forbidden",
        },
      );
      await expect(command({ intent: "previewSegment", rules: {} }, null)).rejects.toMatchObject({
        code: "not_authenticated",
      });
      const outsider = await person(otherAccountId, "site_owner", ["manage_options"]);
      const theirs = await listContacts(db.database, {
        accountId: otherAccountId,
        viewer: outsider,
        search: new URLSearchParams(),
        timeZone,
      });
      // Its own member only (a contact as soon as the list opens), none of this account's.
      expect(theirs.rows.map((row) => row.email)).toEqual([outsider.user.email]);
      await expect(command({ intent: "nothing" })).rejects.toMatchObject({
        code: "request.invalid",
      });
    },
  );
});
