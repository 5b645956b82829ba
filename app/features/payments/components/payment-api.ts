import type { PaymentProvider, ProviderSettingsView } from "../provider-shapes";

/** A refused call: its catalogue code ("payment.keysMissing", "auth.forbidden", "network"…). */
export class PaymentApiError extends Error {
  readonly code: string;
  constructor(code: string) {
    super(code);
    this.code = code;
  }
}

/** Whose providers: the host's site, or (super-admins) the platform's own, which sells plans. */
export type PaymentScope = "site" | "platform";

async function call<T>(
  init: { method: "GET" | "PUT"; body?: unknown },
  scope: PaymentScope = "site",
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      `/api/payments/providers${scope === "platform" ? "?scope=platform" : ""}`,
      {
        method: init.method,
        headers: init.body === undefined ? undefined : { "content-type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: "same-origin",
      },
    );
  } catch {
    throw new PaymentApiError("network");
  }
  const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
  if (!response.ok) throw new PaymentApiError(body?.error?.code ?? "server.internal");
  return body as T;
}

/** What the manager's form sends for one provider; empty secrets keep the stored ones. */
export type ProviderSettingsInput = {
  provider: PaymentProvider;
  enabled: boolean;
  publicKey: string;
  secretKey: string;
  webhookSecret: string;
  instructions: string;
};

/** The manager's provider settings, through `/api/payments/providers`. */
export const paymentApi = {
  list: (scope?: PaymentScope) =>
    call<{ providers: ProviderSettingsView[] }>({ method: "GET" }, scope),
  save: (input: ProviderSettingsInput, scope?: PaymentScope) =>
    call<{ provider: ProviderSettingsView }>({ method: "PUT", body: input }, scope),
};
