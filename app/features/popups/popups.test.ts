import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commandForms } from "~/features/forms/forms.server";
import type { Viewer } from "~/features/members/members.server";
import { createSecretBox } from "~/platform/secret-box.server";
import { createAccount, createMember } from "../../../tests/factories";
import {
  createTestDatabase,
  logicBackends,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { fromZoneInput, toZoneInput } from "./components/popup-time";
import { popupInputSchema, popupTargets, type PopupInput } from "./popup-shapes";
import { commandPopups, countPopupEvent, listPopups, visitorPopups } from "./popups.server";

const secretBox = createSecretBox("popups-test-secret-0123456789abcdef");

describe("M5 a popup's page targeting", () => {
  test("M5 all pages, only some (a section by its trailing *), or all but some", () => {
    const rule = (pathsMode: "all" | "only" | "except") => ({
      pathsMode,
      paths: ["/pricing", "/blog/*"],
    });
    expect(popupTargets(rule("all"), "/anything")).toBe(true);
    expect(popupTargets(rule("only"), "/pricing")).toBe(true);
    expect(popupTargets(rule("only"), "/blog/hello")).toBe(true);
    expect(popupTargets(rule("only"), "/course")).toBe(false);
    expect(popupTargets(rule("except"), "/blog/hello")).toBe(false);
    expect(popupTargets(rule("except"), "/course")).toBe(true);
  });
});

describe("M5 a popup's schedule in the site's time zone", () => {
  test("M5 the owner's wall clock in the site's zone is the stored instant, across a DST change", () => {
    expect(fromZoneInput("2026-03-29T01:30", "Europe/Berlin")).toBe("2026-03-29T00:30:00.000Z");
    expect(fromZoneInput("2026-03-29T03:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    expect(fromZoneInput("2026-07-01T09:00", "America/New_York")).toBe("2026-07-01T13:00:00.000Z");
    expect(toZoneInput("2026-10-25T00:30:00.000Z", "Europe/Berlin")).toBe("2026-10-25T02:30");
    expect(toZoneInput("2026-12-01T06:00:00.000Z", "Asia/Kolkata")).toBe("2026-12-01T11:30");
  });

  test("M5 an end before the start is refused beside the end, whatever the offsets written", () => {
    const dates = (startsAt: string, endsAt: string) =>
      popupInputSchema.safeParse({ name: "Dated", title: "Hi", startsAt, endsAt });
    expect(dates("2026-05-01T10:00:00+02:00", "2026-05-01T09:30:00Z").success).toBe(true);
    const wrong = dates("2026-05-01T10:00:00Z", "2026-05-01T11:00:00+02:00");
    expect(wrong.error?.issues.map((issue) => issue.path.join("."))).toEqual(["endsAt"]);
  });
});

describe.each(logicBackends)("M5 popups on %s", (backend) => {
  let db: TestDatabase;
  let accountId: string;
  let manager: Viewer;
  let student: Viewer;
  let changes = 0;
  const changed = async () => {
    changes++;
  };
  const person = async (roleName: string, caps: string[]): Promise<Viewer> => {
    const { user, membership } = await createMember(db.database, { accountId, roleName });
    return {
      user: { ...user, image: null },
      membership: { ...membership, caps },
      isSuperAdmin: false,
    } as Viewer;
  };
  const save = async (popup: PopupInput, viewer = manager) => {
    const answer = await commandPopups(db.database, {
      accountId,
      viewer,
      body: { intent: "savePopup", id: null, popup },
      changed,
    });
    if (!answer.ok) throw new Error(JSON.stringify(answer));
    return answer.id;
  };
  const shownOn = async (pathname: string) =>
    (
      await visitorPopups(
        { database: db.database, secretBox },
        { accountId, url: new URL(`http://site.localhost${pathname}`), lang: "en" },
      )
    ).popups.map((popup) => popup.title);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    accountId = (await createAccount(db.database)).accountId;
    manager = await person("site_owner", ["manage_options"]);
    student = await person("student", []);
  });
  afterAll(() => db.dispose());

  test("M5 only managers save popups; one with nothing to show, or a button without a link, is refused by field", async () => {
    await expect(save({ name: "Mine", title: "Hi" }, student)).rejects.toMatchObject({
      code: "auth.forbidden",
    });
    const empty = await commandPopups(db.database, {
      accountId,
      viewer: manager,
      body: { intent: "savePopup", id: null, popup: { name: "Empty", ctaLabel: "Go" } },
      changed,
    });
    expect(empty).toMatchObject({ ok: false });
    expect((empty as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
      "title",
      "ctaHref",
    ]);
  });

  test("M5 a visitor's page carries the popups aimed at it now: active, in their dates, on their pages", async () => {
    const hour = 3_600_000;
    await save({ name: "Everywhere", title: "Everywhere" });
    await save({ name: "Blog", title: "Blog only", pathsMode: "only", paths: ["/blog/*"] });
    await save({ name: "Paused", title: "Paused", status: "paused" });
    await save({
      name: "Later",
      title: "Later",
      startsAt: new Date(Date.now() + hour).toISOString(),
    });
    await save({
      name: "Over",
      title: "Over",
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    expect(changes).toBeGreaterThanOrEqual(5);
    expect(await shownOn("/")).toEqual(["Everywhere"]);
    expect(await shownOn("/blog/hello")).toEqual(["Everywhere", "Blog only"]);
    // Never on the dashboard, the sign-in screens, a checkout or a form's own page.
    expect(await shownOn("/dashboard")).toEqual([]);
    expect(await shownOn("/form/newsletter")).toEqual([]);
  });

  test("M5 a popup's form carries its id (its answers are the popup's conversions), and twenty views at once count twenty", async () => {
    const form = await commandForms(db.database, {
      accountId,
      viewer: manager,
      body: {
        intent: "saveForm",
        id: null,
        form: {
          name: "Letter",
          slug: "letter",
          fields: [{ name: "email", type: "email", label: "E-mail", required: true }],
        },
      },
    });
    const formId = (form as { id: string }).id;
    const id = await save({
      name: "Exit",
      title: "Before you go",
      formId,
      trigger: "exit",
      pathsMode: "only",
      paths: ["/pricing"],
    });
    const [popup] = await visitorPopups(
      { database: db.database, secretBox },
      { accountId, url: new URL("http://site.localhost/pricing"), lang: "en" },
    ).then((all) => all.popups.filter((one) => one.id === id));
    expect(popup).toMatchObject({ trigger: "exit", layout: "modal" });
    expect(popup!.formHtml).toContain('action="/form/letter"');
    expect(popup!.formHtml).toContain(`name="_popup" value="${id}"`);

    await Promise.all(
      Array.from({ length: 20 }, () =>
        countPopupEvent(db.database, { accountId, id, event: "view" }),
      ),
    );
    await countPopupEvent(db.database, { accountId, id, event: "click" });
    const row = (await listPopups(db.database, { accountId, viewer: manager })).find(
      (one) => one.id === id,
    );
    expect(row).toMatchObject({ views: 20, conversions: 1 });
  });
});
