import { footerOption } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import { miscOption } from "~/features/site/site";
import { themeOption } from "~/features/theme/theme";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getSiteOptions } from "~/features/options/options.server";
import { upsertPlanCatalogue } from "~/features/plans/plans.server";
import {
  createAccount,
  createMember,
  createUserWithPassword,
  setOption,
} from "../../../tests/factories/index";
import { createClient } from "../../../tests/support/http-client";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestAppWithPages } from "../../../tests/support/test-server";

const password = "Settings-Lantern-Quay-47";
const theme = "/dashboard/manage/site/theme";
const footer = "/dashboard/manage/site/footer";

const demoFooter = {
  footer_columns: [
    { title: "About", type: "text", width: 6, data: "A school of small things." },
    { title: "Learn", type: "links", width: 6, data: [{ label: "Courses", url: "/course" }] },
  ],
  footer_bottom: "© Settings School",
  footer_bottom_links: [{ label: "Terms", url: "/terms" }],
  enable_footer_notice: true,
  footer_notice: "Refunds within 30 days.",
  footer_notice_bg: "#edf2ff",
};

describe.each(logicBackends)("D16 theme, footer and notices saves on %s", (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestAppWithPages>>["app"];
  let accountId = "";
  let host = "";
  let ip = 0;

  async function signedIn(email: string) {
    const client = createClient(app, { host, ip: `10.77.0.${++ip}` });
    const res = await client.post("/api/auth/sign-in/email", { email, password });
    expect(res.status, email).toBe(200);
    return client;
  }

  const stored = () =>
    db.database.forAccount(accountId, (tx) =>
      getSiteOptions(tx, {
        accountId,
        options: [themeOption, footerOption, headerOption, miscOption],
      }),
    );

  /** An anonymous request for the home page: its HTML and whether the page cache answered. */
  async function visit() {
    const res = await createClient(app, { host }).request("/");
    expect(res.status).toBe(200);
    return { html: await res.text(), cache: res.headers.get("x-page-cache") };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await upsertPlanCatalogue(db.database);
    app = (await createTestAppWithPages(db.database)).app;
    const account = await createAccount(db.database, {
      slug: `settings${backend}`,
      settings: { plan: "professional" },
    });
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    for (const [email, role] of [
      [`owner-${backend}@settings.test`, "site_owner"],
      [`student-${backend}@settings.test`, "student"],
    ] as const) {
      const user = await createUserWithPassword(db.database, { email, name: role, password });
      await createMember(db.database, { accountId, roleName: role, user });
    }
    await setOption(db.database, { accountId, key: "footer", value: demoFooter });
    await setOption(db.database, {
      accountId,
      key: "header",
      value: { header_fix: true, header_search: false, header_fontsize: 17 },
    });
    await setOption(db.database, {
      accountId,
      key: "misc",
      value: { scripts: "<script>1</script>", analytics_tag: "G-ABCD1234" },
    });
  });
  afterAll(() => db?.dispose());

  test("D16 the owner opens both editors; a student gets 403 on the screens and their saves", async () => {
    const owner = await signedIn(`owner-${backend}@settings.test`);
    const themePage = await owner.request(theme);
    expect(themePage.status).toBe(200);
    expect(await themePage.text()).toContain('data-testid="theme-editor"');
    const footerPage = await owner.request(footer);
    expect(footerPage.status).toBe(200);
    const html = await footerPage.text();
    for (const id of ["footer-editor", "header-notice-editor", "footer-notice-editor"]) {
      expect(html).toContain(`data-testid="${id}"`);
    }

    const student = await signedIn(`student-${backend}@settings.test`);
    expect((await student.request(theme)).status).toBe(403);
    expect((await student.request(footer)).status).toBe(403);
    const save = await student.request(theme, {
      method: "POST",
      json: { part: "theme", value: { primaryColor: "red", bodyStyle: "full" } },
    });
    expect(save.status).toBe(403);
    expect((await stored()).theme).toBeUndefined();
  });

  test("D16 a saved theme is on the next anonymous request, not the cached page", async () => {
    await visit();
    expect((await visit()).cache).toBe("hit");
    const owner = await signedIn(`owner-${backend}@settings.test`);
    const res = await owner.request(theme, {
      method: "POST",
      json: {
        part: "theme",
        value: { primaryColor: "teal", bodyStyle: "boxed", fontFamily: "Georgia, serif" },
      },
    });
    expect(res.status).toBe(200);
    expect((await stored()).theme).toEqual({
      primaryColor: "teal",
      bodyStyle: "boxed",
      fontFamily: "Georgia, serif",
    });
    const after = await visit();
    expect(after.cache).toBe("miss");
    expect(after.html).toContain('data-body-style="boxed"');
    expect(after.html).toContain("Georgia, serif");
  });

  test("D16 the footer's columns are saved without touching its notice; the notice without touching the columns", async () => {
    const owner = await signedIn(`owner-${backend}@settings.test`);
    const columns = {
      footer_style: "columns",
      footer_columns: [
        { title: "Visit us", type: "text", width: 4, data: "12 Harbour Road" },
        ...demoFooter.footer_columns,
      ],
      footer_bottom: "© Settings School 2026",
      footer_bottom_links: [],
      // Not this part's fields: ignored.
      footer_notice: "sneaked in",
    };
    expect(
      (await owner.request(footer, { method: "POST", json: { part: "footer", value: columns } }))
        .status,
    ).toBe(200);
    let saved = (await stored()).footer!;
    expect(saved.footer_columns.map((column) => column.title)).toEqual([
      "Visit us",
      "About",
      "Learn",
    ]);
    expect(saved.footer_bottom_links).toEqual([]);
    expect(saved.footer_notice).toBe("Refunds within 30 days.");
    expect((await visit()).html).toContain("12 Harbour Road");

    const notice = { enable_footer_notice: false, footer_notice: "", footer_notice_bg: "#fff4e6" };
    expect(
      (
        await owner.request(footer, {
          method: "POST",
          json: { part: "footerNotice", value: notice },
        })
      ).status,
    ).toBe(200);
    saved = (await stored()).footer!;
    expect(saved).toMatchObject(notice);
    expect(saved.footer_columns).toHaveLength(3);
  });

  test("D16 the header notice and the scripts are written into their options as stored", async () => {
    const owner = await signedIn(`owner-${backend}@settings.test`);
    const start = Date.now() - 60_000;
    const notices = {
      enable_header_notice: true,
      header_notice: "Open day on Saturday",
      header_notice_bg: "#1864ab",
      header_notice_start: start,
      header_notice_expire: start + 86_400_000,
    };
    expect(
      (await owner.request(footer, { method: "POST", json: { part: "notices", value: notices } }))
        .status,
    ).toBe(200);
    const { header } = await stored();
    expect(header).toMatchObject({
      header_fix: true,
      header_search: false,
      header_fontsize: 17,
      notices,
    });
    expect((await visit()).html).toContain('data-testid="header-notice"');

    // Starting tomorrow: stored, not shown.
    const later = {
      ...notices,
      header_notice_start: start + 86_400_000,
      header_notice_expire: null,
    };
    await owner.request(footer, { method: "POST", json: { part: "notices", value: later } });
    expect((await stored()).header?.notices).toEqual(later);
    expect((await visit()).html).not.toContain('data-testid="header-notice"');

    expect(
      (await owner.request(footer, { method: "POST", json: { part: "scripts", value: "" } }))
        .status,
    ).toBe(200);
    expect((await stored()).misc).toEqual({ scripts: "", analytics_tag: "G-ABCD1234" });
  });

  test("D16 a value its schema refuses, or a part the screen does not edit, changes nothing", async () => {
    const owner = await signedIn(`owner-${backend}@settings.test`);
    const before = await stored();
    const wide = {
      ...demoFooter,
      footer_style: "columns",
      footer_columns: [{ title: "Too wide", type: "text", width: 13, data: "" }],
    };
    const refused = await owner.request(footer, {
      method: "POST",
      json: { part: "footer", value: wide },
    });
    expect(refused.status).toBe(400);
    const badColour = await owner.request(theme, {
      method: "POST",
      json: { part: "theme", value: { primaryColor: "chartreuse" } },
    });
    expect(badColour.status).toBe(400);
    const elsewhere = await owner.request(theme, {
      method: "POST",
      json: { part: "scripts", value: "<script>2</script>" },
    });
    expect(elsewhere.status).toBe(400);
    const notJson = await owner.request(theme, { method: "POST", form: { part: "theme" } });
    expect(notJson.status).toBe(400);
    expect(await stored()).toEqual(before);
  });
});
