import type { Hono } from "hono";
import { readOutbox } from "~/platform/mail/mail.server";
import type { Database } from "~/platform/db/database.server";

/**
 * A cookie-keeping client for `app.request()`: one per simulated browser, from one address,
 * on one host. Origin is that host, as a browser would send it.
 */
export function createClient(
  app: Hono<any>,
  { host, ip = "198.51.100.1" }: { host: string; ip?: string },
) {
  const jar = new Map<string, string>();
  async function request(
    path: string,
    {
      method = "GET",
      json,
      form,
    }: { method?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers({ host, origin: `http://${host}` });
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (json !== undefined) headers.set("content-type", "application/json");
    if (form) headers.set("content-type", "application/x-www-form-urlencoded");
    const body = form
      ? new URLSearchParams(form).toString()
      : json === undefined
        ? undefined
        : JSON.stringify(json);
    const res = await app.request(
      `http://${host}${path}`,
      { method, headers, body, redirect: "manual" },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (/max-age=0/i.test(cookie) || value === "") jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    return res;
  }
  return {
    request,
    jar,
    post: (path: string, json: unknown) => request(path, { method: "POST", json }),
    sessionCookie: () => [...jar].find(([name]) => name.includes("session_token"))?.[1],
  };
}

/**
 * The first link of the newest mail to an address, once there are more than `after` mails to it
 * (better-auth sends in the background: waits up to 3 s).
 */
export async function lastMailLink(
  database: Database,
  to: string,
  { after = 0 } = {},
): Promise<string> {
  let mails = await readOutbox(database, { to });
  for (let i = 0; mails.length <= after && i < 30; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mails = await readOutbox(database, { to });
  }
  const [mail] = mails;
  if (!mail || mails.length <= after) throw new Error(`no new mail to ${to}`);
  const link = /https?:\/\/[^\s"<]+/.exec(mail.textBody)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}

export async function mailCount(database: Database, to: string): Promise<number> {
  return (await readOutbox(database, { to })).length;
}
