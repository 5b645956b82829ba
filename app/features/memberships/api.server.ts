import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Tenant } from "~/features/accounts/accounts";
import type { Viewer } from "~/features/members/members.server";
import type { OptionCaches } from "~/features/options/options.server";
import type { Database } from "~/platform/db/database.server";
import { AppError, errorCatalogue, type ErrorCode } from "~/platform/errors";
import { contentGate } from "./content-gate.server";
import {
  deleteLevel,
  grantLevelByHand,
  listLevelMembers,
  loadMembershipsScreen,
  removeLevelHolder,
  requireMembershipManager,
  saveLevel,
  type LevelAnswer,
} from "./levels.server";
import { memberGrantSchema } from "./validation";

type MembershipsApiEnv = { Variables: { tenant: Tenant; viewer: Viewer | null } };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body as Record<string, unknown>;
}

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/** A refusal as the API's error (a catalogue code, else request.invalid naming the field). */
function checked(answer: LevelAnswer): LevelAnswer {
  if (answer.ok) return answer;
  if (isErrorCode(answer.code)) throw new AppError({ code: answer.code });
  throw new AppError({
    code: "request.invalid",
    details: [{ path: answer.field ?? "", code: "custom", origin: answer.code }],
  });
}

/** What the access question names: a post, page, doc, course or group by id. */
const accessQuerySchema = z.object({
  type: z.enum(["course", "page", "post", "doc", "group"]),
  id: z.uuid(),
});

/**
 * Issue 16: the site's membership levels as JSON for its managers (levels with their rules,
 * holders, giving and taking a level by hand), and the access engine's answer for the viewer
 * (`GET /api/memberships/access`), so API clients ask the same engine as the pages.
 */
export function membershipsApi({
  database,
  caches = null,
}: {
  database: Database;
  caches?: OptionCaches | null;
}) {
  const api = new Hono<MembershipsApiEnv>();

  function site(c: Context<MembershipsApiEnv>) {
    const tenant = c.var.tenant;
    if (tenant.kind !== "account") throw new AppError({ code: "route.notFound" });
    c.header("Cache-Control", "no-store");
    return { database, account: tenant.account, viewer: c.var.viewer, caches };
  }
  function managing(c: Context<MembershipsApiEnv>) {
    const who = site(c);
    requireMembershipManager(who);
    return who;
  }
  const levelId = (c: Context<MembershipsApiEnv>) => {
    const id = c.req.param("id") ?? "";
    if (!uuid.test(id)) throw new AppError({ code: "route.notFound" });
    return id;
  };

  api.get("/memberships/access", async (c) => {
    const { account, viewer } = site(c);
    const query = accessQuerySchema.safeParse(c.req.query());
    if (!query.success) throw new AppError({ code: "request.invalid" });
    const gate = await contentGate(database, {
      accountId: account.accountId,
      viewer,
      resource: query.data,
    });
    return c.json(gate);
  });

  api.get("/memberships", async (c) => c.json(await loadMembershipsScreen(managing(c))));

  api.post("/memberships", async (c) => {
    const who = managing(c);
    return c.json(checked(await saveLevel(who, null, await jsonObject(c))), 201);
  });

  api.put("/memberships/:id", async (c) => {
    const who = managing(c);
    const id = levelId(c);
    return c.json(checked(await saveLevel(who, id, await jsonObject(c))));
  });

  api.delete("/memberships/:id", async (c) => {
    const who = managing(c);
    return c.json(await deleteLevel(who, levelId(c)));
  });

  api.get("/memberships/:id/members", async (c) => {
    const who = managing(c);
    return c.json(await listLevelMembers(who, levelId(c), c.req.query()));
  });

  api.post("/memberships/:id/members", async (c) => {
    const who = managing(c);
    const id = levelId(c);
    const input = memberGrantSchema.safeParse(await jsonObject(c));
    if (!input.success) throw new AppError({ code: "request.invalid" });
    return c.json(checked(await grantLevelByHand(who, { id, ...input.data })), 201);
  });

  api.delete("/memberships/:id/members/:userId", async (c) => {
    const who = managing(c);
    const id = levelId(c);
    const userId = c.req.param("userId") ?? "";
    if (userId.length === 0 || userId.length > 200) throw new AppError({ code: "route.notFound" });
    return c.json(await removeLevelHolder(who, { id, userId }));
  });

  return api;
}
