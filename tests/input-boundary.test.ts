import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readOptions } from "~/features/options/queries.server";
import { createAccount, createMember, createUserWithPassword, setOption } from "./factories";
import { createMediaRow } from "./factories/media";
import { createClient } from "./support/http-client";
import { logicBackends, createTestDatabase, type TestDatabase } from "./support/test-database";
import { createTestApp } from "./support/test-server";

const password = "Boundary-Harbour-Quartz-88";
let ip = 0;
const nextIp = () => `10.43.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

/** Issue 31 point 4 (the input boundary for every content type) and point 9 (option merges). */
describe.each(logicBackends)("I31 the input boundary on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let accountId: string;
  let host: string;
  let cookie: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = createTestApp(db.database).app;
    const account = await createAccount(db.database);
    accountId = account.accountId;
    host = `${account.slug}.localhost`;
    const email = `owner-${account.slug}@example.test`;
    const user = await createUserWithPassword(db.database, { email, password });
    await createMember(db.database, { accountId, roleName: "site_owner", user });
    const client = createClient(app, { host, ip: nextIp() });
    expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(200);
    cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });
  afterAll(() => db?.dispose());

  /** As the site's owner, from the site's own origin; `type` null sends no Content-Type. */
  const send = (method: string, path: string, body: BodyInit, type: string | null) => {
    const headers = new Headers({ host, origin: `http://${host}`, cookie });
    const request = new Request(`http://${host}${path}`, { method, body });
    // A string body gets text/plain from fetch itself: set (or drop) the type by hand.
    if (type === null) headers.delete("content-type");
    else headers.set("content-type", type);
    return app.request(
      `http://${host}${path}`,
      { method, headers, body: request.body, duplex: "half" } as RequestInit,
      { incoming: { socket: { remoteAddress: nextIp() } } },
    );
  };
  const codeOf = async (res: Response) =>
    ((await res.json()) as { error?: { code?: string } }).error?.code;

  const nulInJson = '{"a":"\\u0000"}';
  const multipart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`;

  test("I31-4 a JSON option route refuses form, multipart, text/plain and untyped bodies with 415, and JSON with NUL with 400", async () => {
    for (const key of ["settings", "misc"]) {
      const path = `/api/site/options/${key}`;
      const json = await send("PUT", path, nulInJson, "application/json");
      expect(json.status, `${key} json`).toBe(400);
      expect(await codeOf(json)).toBe("request.malformed");
      const refused: Array<[string, string | null]> = [
        [nulInJson, "application/x-www-form-urlencoded"],
        ["a=%00", "application/x-www-form-urlencoded"],
        [multipart("b1"), "multipart/form-data; boundary=b1"],
        [nulInJson, "text/plain"],
        [nulInJson, null],
        [nulInJson, "application/xml"],
      ];
      for (const [body, type] of refused) {
        const res = await send("PUT", path, body, type);
        expect(res.status, `${key} ${type}`).toBe(415);
        expect(await codeOf(res)).toBe("request.unsupportedMediaType");
      }
    }
    const stored = await db.database.forAccount(accountId, (tx) =>
      readOptions(tx, { accountId, keys: ["settings"] }),
    );
    expect(JSON.stringify(stored.get("settings") ?? {})).not.toContain("\\u0000");
    // JSON in its own type (parameters and case aside) is still read.
    const ok = await send(
      "PUT",
      "/api/site/options/settings",
      '{"a":"b"}',
      "Application/JSON; charset=utf-8",
    );
    expect(ok.status).toBe(200);
  });

  test("I31-4 each route takes the body types it reads: uploads multipart, beacons text/plain, better-auth forms", async () => {
    for (const path of ["/api/account/avatar", "/api/media/upload"]) {
      const upload = await send("POST", path, '{"file":"x"}', "application/json");
      expect(upload.status, path).toBe(415);
      expect(await codeOf(upload)).toBe("request.unsupportedMediaType");
    }
    const mediaForm = await send(
      "POST",
      "/api/media/upload",
      "folder=x",
      "application/x-www-form-urlencoded",
    );
    expect(mediaForm.status).toBe(415);
    const beacon = await send("POST", "/api/log", '{"message":"x"}', "text/plain;charset=UTF-8");
    expect(beacon.status).not.toBe(415);
    expect(beacon.status).toBeLessThan(500);
    const form = await send(
      "POST",
      "/api/auth/sign-in/email",
      "email=nobody%40example.test&password=wrong-password-1",
      "application/x-www-form-urlencoded",
    );
    expect(form.status).not.toBe(415);
    expect(form.status).toBeLessThan(500);
    const ticket = await send("POST", "/api/tickets", '{"subject":"x"}', "application/json");
    expect(ticket.status).toBe(415);
    // An empty body has no type to judge.
    const empty = await send("POST", "/api/site/cache-token", "", "text/plain");
    expect(empty.status).not.toBe(415);
  });

  test("I31-4 PUT /api/media/{id} with nothing to change answers 400, not 500", async () => {
    const { id } = await createMediaRow(db.database, { accountId });
    const empty = await send("PUT", `/api/media/${id}`, "{}", "application/json");
    expect(empty.status).toBe(400);
    expect(await codeOf(empty)).toBe("request.invalid");
    const undefinedOnly = await send("PUT", `/api/media/${id}`, '{"alt":null}', "application/json");
    expect(undefinedOnly.status).toBe(400);
    const alt = await send("PUT", `/api/media/${id}`, '{"alt":"A photo"}', "application/json");
    expect(alt.status).toBe(200);
  });

  test("I31-9 saving an option's own fields keeps the fields other screens store in it (header notice, footer notice, analytics tag)", async () => {
    const notices = {
      enable_header_notice: true,
      header_notice: "Summer sale",
      header_notice_bg: "#ff0000",
      header_notice_start: null,
      header_notice_expire: null,
    };
    await setOption(db.database, {
      accountId,
      key: "header",
      value: { header_style: "solid", notices },
    });
    await setOption(db.database, {
      accountId,
      key: "footer",
      value: { enable_footer_notice: true, footer_notice: "Closed on Sundays" },
    });
    await setOption(db.database, {
      accountId,
      key: "misc",
      value: { scripts: "", analytics_tag: "G-ABCD1234" },
    });
    const put = (key: string, value: unknown) =>
      send("PUT", `/api/site/options/${key}`, JSON.stringify(value), "application/json");
    expect((await put("header", { header_style: "transparent", header_fix: true })).status).toBe(
      200,
    );
    expect((await put("footer", { footer_style: "columns" })).status).toBe(200);
    expect((await put("misc", { scripts: "<!-- ok -->" })).status).toBe(200);
    const stored = await db.database.forAccount(accountId, (tx) =>
      readOptions(tx, { accountId, keys: ["header", "footer", "misc"] }),
    );
    expect(stored.get("header")).toMatchObject({
      header_style: "transparent",
      header_fix: true,
      notices,
    });
    expect(stored.get("footer")).toMatchObject({
      enable_footer_notice: true,
      footer_notice: "Closed on Sundays",
    });
    expect(stored.get("misc")).toMatchObject({
      scripts: "<!-- ok -->",
      analytics_tag: "G-ABCD1234",
    });
    // The fields sent are still checked whole: a bad one is refused and nothing changes.
    expect((await put("header", { header_fontsize: 99 })).status).toBe(400);
  });
});
