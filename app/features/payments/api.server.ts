import { Hono, type Context } from "hono";
import { hostAccountOf, type Tenant } from "~/features/accounts/accounts";
import {
  PLATFORM_ACCOUNT_ID,
  asPlatformAccount,
  platformOrigin,
} from "~/features/accounts/accounts.server";
import type { RequestFacts } from "~/features/auth/auth";
import type { Viewer } from "~/features/members/members.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import { readProviderSettings, saveProviderSettings } from "./provider-settings.server";
import { providerSettingsInputSchema } from "./validation";
import { receiveWebhook, type WebhookDeps } from "./webhooks.server";

type PaymentsApiEnv = {
  Variables: { tenant: Tenant; viewer: Viewer | null; facts: RequestFacts; logger: Logger };
};

async function jsonObject(c: Context<PaymentsApiEnv>): Promise<unknown> {
  const body: unknown = await c.req.json().catch(() => {
    throw new AppError({ code: "request.invalid" });
  });
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError({ code: "request.invalid" });
  return body;
}

/**
 * Payments on the host's account: the managers' provider settings (the secrets are
 * write-only: never in an answer, never in a log line) and the providers' webhooks.
 */
export function paymentsApi(deps: WebhookDeps & { env: { BASE_DOMAIN: string } }) {
  const api = new Hono<PaymentsApiEnv>();

  function asker(c: Context<PaymentsApiEnv>) {
    if (!c.var.viewer) throw new AppError({ code: "not_authenticated" });
    c.header("Cache-Control", "no-store");
    // `?scope=platform`: the platform's own providers (it sells plans), for super-admins only;
    // its webhooks are addressed to the base domain.
    if (c.req.query("scope") === "platform")
      return asPlatformAccount(c.var.viewer, ({ accountId }) => ({
        viewer: c.var.viewer,
        hostAccountId: accountId,
        accountId,
        origin: platformOrigin({ baseDomain: deps.env.BASE_DOMAIN, like: c.var.facts.origin }),
      }));
    return {
      viewer: c.var.viewer,
      hostAccountId: hostAccountOf(c.var.tenant),
      accountId: hostAccountOf(c.var.tenant) ?? "",
      origin: c.var.facts.origin,
    };
  }

  api.get("/payments/providers", async (c) => {
    const who = asker(c);
    return c.json({ providers: await readProviderSettings(deps, who) });
  });

  api.put("/payments/providers", async (c) => {
    const who = asker(c);
    const input = providerSettingsInputSchema.parse(await jsonObject(c));
    return c.json({ provider: await saveProviderSettings(deps, { ...who, input }) });
  });

  api.post("/payments/webhooks/:provider", async (c) => {
    // The base domain's webhooks are the platform's own sales (its plans; features/billing).
    const accountId =
      c.var.tenant.kind === "platform" ? PLATFORM_ACCOUNT_ID : hostAccountOf(c.var.tenant);
    if (!accountId) throw new AppError({ code: "route.notFound" });
    const provider = c.req.param("provider");
    const receipt = await receiveWebhook(
      { ...deps, logger: c.var.logger },
      { accountId, provider, body: await c.req.text(), headers: c.req.raw.headers },
    );
    c.var.logger.info({ provider, ...receipt }, "payment webhook");
    c.header("Cache-Control", "no-store");
    return c.json({ received: true });
  });

  return api;
}
