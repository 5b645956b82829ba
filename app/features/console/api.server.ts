import { Hono } from "hono";
import type { Tenant } from "~/features/accounts/accounts";
import type { RequestFacts } from "~/features/auth/auth";
import type { AuthRegistry } from "~/features/auth/auth.server";
import type { Database } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import { redeemOwnerEntry } from "./owner-entry.server";

export type ConsoleApiEnv = { Variables: { tenant: Tenant; facts: RequestFacts } };

/**
 * The console's one API route, on a site's own host: GET /api/console/enter?token=… redeems the
 * entry a super-admin was given to open this site's dashboard as its owner, then sends them
 * there. A link followed from another site's page, hence a GET; the token is the credential.
 */
export function consoleApi({ database, auth }: { database: Database; auth: AuthRegistry }) {
  const api = new Hono<ConsoleApiEnv>();

  api.get("/console/enter", async (c) => {
    // Never kept by a cache: the answer carries a session.
    c.header("Cache-Control", "no-store");
    if (c.var.tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    const facts = c.var.facts;
    const cookies = await redeemOwnerEntry(
      { database, auth: auth.forOrigin(facts.origin) },
      { token: c.req.query("token"), facts, headers: c.req.raw.headers },
    );
    for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
    return c.redirect("/dashboard", 302);
  });

  return api;
}
