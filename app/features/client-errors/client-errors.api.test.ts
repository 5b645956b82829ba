import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createLogger } from "~/platform/logger.server";
import { createAccount } from "../../../tests/factories";
import {
  logicBackends,
  createTestDatabase,
  type TestDatabase,
} from "../../../tests/support/test-database";
import { createTestApp } from "../../../tests/support/test-server";
import { clientErrorLimits } from "./api.server";
import { CLIENT_ERROR_MAX_BODY_BYTES, CLIENT_ERROR_MAX_MESSAGE } from "./limits";

let ipCount = 0;
const ip = () => `10.67.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;

type LogLine = Record<string, unknown> & { level: number; msg: string };

describe.each(logicBackends)("M9 POST /api/log on %s", (backend) => {
  let db: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let site: { accountId: string; host: string };
  let other: { accountId: string; host: string };
  const lines: LogLine[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const built = createTestApp(db.database);
    app = built.app;
    // Every request's logger is a child of the services' one: read what it writes.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean))
          lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    (built.services as { logger: unknown }).logger = createLogger({ level: "warn" }, sink);
    const a = await createAccount(db.database);
    const b = await createAccount(db.database);
    site = { accountId: a.accountId, host: `${a.slug}.localhost` };
    other = { accountId: b.accountId, host: `${b.slug}.localhost` };
  });
  afterAll(() => db?.dispose());
  beforeEach(() => {
    lines.length = 0;
  });

  /** A raw POST as the page's beacon makes it: text/plain, the page's own origin. */
  function post(
    body: string,
    {
      host = site.host,
      from = ip(),
      type = "text/plain;charset=UTF-8",
      headers = {},
    }: { host?: string; from?: string; type?: string; headers?: Record<string, string> } = {},
  ) {
    return app.request(
      `http://${host}/api/log`,
      {
        method: "POST",
        headers: { host, origin: `http://${host}`, "content-type": type, ...headers },
        body,
      },
      { incoming: { socket: { remoteAddress: from } } },
    );
  }
  const clientLines = () => lines.filter((line) => line.component === "client");
  const errorCode = async (res: Response) =>
    ((await res.json()) as { error: { code: string } }).error.code;

  test("M9 a report answers 204 and is logged at warn with component client, cleaned, no cookie", async () => {
    const message = [
      "TypeError: Cannot read properties of undefined (reading 'title')",
      "    at render (https://site.test/assets/course-AbC123.js?token=abc123secret#frag:10:5)",
      "session_token=s3cr3t-value; password: hunter2 Bearer eyJhbGciOi.x.y",
      "for ana.lopez@example.com \u202eevil\u0007",
    ].join("\n");
    const res = await post(
      JSON.stringify({
        message,
        account_id: site.accountId,
        kind: "error",
        path: "/course/x?email=ana@example.com",
      }),
      { headers: { cookie: "lyceum.session_token=cookie-secret-value" } },
    );
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const [line, ...more] = clientLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 40,
      component: "client",
      accountId: site.accountId,
      kind: "error",
      path: "/course/x",
    });
    expect(line!.msg).toContain("TypeError: Cannot read properties of undefined (reading 'title')");
    expect(line!.msg).toContain("https://site.test/assets/course-AbC123.js");
    const written = JSON.stringify(lines);
    for (const secret of [
      "abc123secret",
      "s3cr3t-value",
      "hunter2",
      "eyJhbGciOi",
      "ana.lopez@example.com",
      "cookie-secret-value",
      "\u202e",
      "\\u0007",
    ])
      expect(written).not.toContain(secret);
    expect(line!.msg).toContain("session_token=[redacted]");
    expect(line!.msg).toContain("[email]");
  });

  test("M9 account_id may be absent; on the platform's own site it must be", async () => {
    expect((await post(JSON.stringify({ message: "ReferenceError: x" }))).status).toBe(204);
    expect(clientLines()[0]).toMatchObject({ accountId: site.accountId, msg: "ReferenceError: x" });
    expect(
      (await post(JSON.stringify({ message: "on the platform" }), { host: "localhost" })).status,
    ).toBe(204);
    expect(clientLines()[1]).toMatchObject({ accountId: null, msg: "on the platform" });
    const res = await post(JSON.stringify({ message: "x", account_id: site.accountId }), {
      host: "localhost",
    });
    expect(res.status).toBe(400);
    expect(await errorCode(res)).toBe("request.invalid");
  });

  test("M9 another site's account_id is refused with 400 and nothing is logged", async () => {
    const res = await post(JSON.stringify({ message: "x", account_id: other.accountId }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "request.invalid", details: [{ path: "account_id" }] },
    });
    // The same id on its own site is fine.
    const own = await post(JSON.stringify({ message: "x", account_id: other.accountId }), {
      host: other.host,
    });
    expect(own.status).toBe(204);
    expect(clientLines().map((line) => line.accountId)).toEqual([other.accountId]);
  });

  test("M9 a body past 4 KB answers 413; a message past 2000 characters 400", async () => {
    const big = JSON.stringify({ message: "x".repeat(CLIENT_ERROR_MAX_BODY_BYTES) });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe("request.tooLarge");
    // Without a Content-Length (streamed), the same.
    const streamed = await app.request(
      `http://${site.host}/api/log`,
      {
        method: "POST",
        headers: { host: site.host, origin: `http://${site.host}`, "content-type": "text/plain" },
        body: new Blob([big]).stream(),
        duplex: "half",
      } as RequestInit,
      { incoming: { socket: { remoteAddress: ip() } } },
    );
    expect(streamed.status).toBe(413);

    const longest = await post(JSON.stringify({ message: "y".repeat(CLIENT_ERROR_MAX_MESSAGE) }));
    expect(longest.status).toBe(204);
    const tooLong = await post(
      JSON.stringify({ message: "y".repeat(CLIENT_ERROR_MAX_MESSAGE + 1) }),
    );
    expect(tooLong.status).toBe(400);
    expect(await errorCode(tooLong)).toBe("request.invalid");
    expect(clientLines()).toHaveLength(1);
  });

  test("M9 past the rate per address: 429, nothing more logged; another address is not held", async () => {
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i <= clientErrorLimits.points; i++)
      statuses.push((await post(JSON.stringify({ message: `error ${i}` }), { from })).status);
    expect(statuses.slice(0, clientErrorLimits.points).every((status) => status === 204)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);
    const refused = await post(JSON.stringify({ message: "one more" }), { from });
    expect(refused.status).toBe(429);
    // I31-10 the count is the shared limiter's, which says when to come back.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorCode(refused)).toBe("request.tooMany");
    expect(clientLines()).toHaveLength(clientErrorLimits.points);
    expect((await post(JSON.stringify({ message: "elsewhere" }))).status).toBe(204);
  });

  test("M9 NUL, a body that is not an object, bad JSON and bad fields answer 400", async () => {
    const cases: Array<[string, string]> = [
      [JSON.stringify({ message: "a\u0000b" }), "request.malformed"],
      [JSON.stringify(["message"]), "request.malformed"],
      [JSON.stringify("message"), "request.malformed"],
      ["null", "request.malformed"],
      ["{not json", "request.malformed"],
      ["", "request.invalid"],
      [JSON.stringify({}), "request.invalid"],
      [JSON.stringify({ message: "" }), "request.invalid"],
      [JSON.stringify({ message: 42 }), "request.invalid"],
      [JSON.stringify({ message: "x", account_id: "not-a-uuid" }), "request.invalid"],
      [JSON.stringify({ message: "x", kind: "other" }), "request.invalid"],
      [JSON.stringify({ message: "x", path: "https://evil.test/" }), "request.invalid"],
    ];
    for (const [body, code] of cases) {
      for (const type of ["text/plain;charset=UTF-8", "application/json"]) {
        const res = await post(body, { type });
        expect(res.status, `${type} ${body}`).toBe(400);
        expect(await errorCode(res), `${type} ${body}`).toBe(code);
      }
    }
    expect(clientLines()).toEqual([]);
  });

  test("M9 another site's page cannot post to this one (same-origin rule)", async () => {
    const res = await app.request(
      `http://${site.host}/api/log`,
      {
        method: "POST",
        headers: { host: site.host, origin: `http://${other.host}`, "content-type": "text/plain" },
        body: JSON.stringify({ message: "x" }),
      },
      { incoming: { socket: { remoteAddress: ip() } } },
    );
    expect(res.status).toBe(403);
    expect(clientLines()).toEqual([]);
  });
});
