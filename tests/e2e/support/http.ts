import http from "node:http";
import { decodeRouteData } from "../../support/route-data.ts";

/** A plain HTTP GET to 127.0.0.1 with any Host header (fetch would not let us set Host). */
export function get({
  port,
  path = "/",
  host,
}: {
  port: number;
  path?: string;
  host: string;
}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

/** Any request to 127.0.0.1 with a Host header, a cookie, a JSON body and other headers; answers headers too. */
export function send({
  port,
  host,
  path,
  method = "GET",
  json,
  cookie,
  headers: more = {},
}: {
  port: number;
  host: string;
  path: string;
  method?: string;
  json?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const headers: Record<string, string> = { host, origin: `http://${host}`, ...more };
  if (payload) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    // A connection per request (no keep-alive): several server workers each get their turn.
    const req = http.request(
      { host: "127.0.0.1", port, path, method, headers, agent: false },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Signs in with an e-mail and a password on a site; the Cookie header to send from then on. */
export async function signIn({
  port,
  host,
  email,
  password,
}: {
  port: number;
  host: string;
  email: string;
  password: string;
}): Promise<string> {
  const response = await send({
    port,
    host,
    path: "/api/auth/sign-in/email",
    method: "POST",
    json: { email, password },
  });
  const cookies = (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);
  if (response.status !== 200 || !cookies.some((c) => c.includes("session_token"))) {
    throw new Error(`sign-in as ${email} at ${host} answered ${response.status}`);
  }
  return cookies.join("; ");
}

/**
 * One command of a dashboard screen, as its fetcher sends it (`POST {screen}.data`, a JSON body
 * naming its `intent`); the action's answer, or a throw unless it is 200 and `ok`.
 */
export async function screenCommand<T>({
  port,
  host,
  screen,
  cookie,
  body,
}: {
  port: number;
  host: string;
  screen: string;
  cookie: string;
  body: { intent: string } & Record<string, unknown>;
}): Promise<T> {
  const reply = await send({
    port,
    host,
    path: `${screen}.data`,
    method: "POST",
    json: body,
    cookie,
  });
  const answer =
    reply.status === 200
      ? (decodeRouteData(reply.body) as { data?: T & { ok?: boolean } }).data
      : undefined;
  if (!answer?.ok)
    throw new Error(
      `${body.intent} at ${screen} answered ${reply.status} ${reply.body.slice(0, 300)}`,
    );
  return answer;
}
