import { requireSiteManager, type Viewer } from "~/features/members/members.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { AppError } from "~/platform/errors";
import type { Logger } from "~/platform/logger.server";
import { SecretBoxError, type SecretBox } from "~/platform/secret-box.server";
import type { ProviderKeys } from "./payment-types";
import {
  isWebhookProvider,
  lastFour,
  paymentProviderNames,
  requiredKeys,
  type PaymentProvider,
  type ProviderSettingsView,
} from "./provider-shapes";
import { providerRow, providerRows, upsertProvider, type ProviderRow } from "./queries.server";
import type { ProviderSettingsInput } from "./validation";

/** What a sealed value is bound to: whose, which provider, which field. */
const contextOf = (accountId: string, provider: PaymentProvider, field: "secret" | "webhook") =>
  `payments/${accountId}/${provider}/${field}`;

/** The webhook address of a provider on a site's origin (null for offline). */
export function webhookUrlOf(origin: string, provider: PaymentProvider): string | null {
  return isWebhookProvider(provider) ? `${origin}/api/payments/webhooks/${provider}` : null;
}

/** Whether a row holds everything its provider needs (sealed values counted as present). */
export function rowIsReady(
  row: Pick<
    ProviderRow,
    "provider" | "publicKey" | "secretSealed" | "webhookSecretSealed" | "instructions"
  >,
): boolean {
  const needs = requiredKeys[row.provider];
  return (
    (!needs.publicKey || row.publicKey !== "") &&
    (!needs.secret || Boolean(row.secretSealed)) &&
    (!needs.webhookSecret || Boolean(row.webhookSecretSealed)) &&
    (!needs.instructions || row.instructions.trim() !== "")
  );
}

function openOrNull(box: SecretBox, sealed: string | null, context: string): string | null {
  if (!sealed) return null;
  try {
    return box.open(sealed, context);
  } catch (error) {
    if (error instanceof SecretBoxError) return null;
    throw error;
  }
}

function viewOf(
  box: SecretBox,
  row: ProviderRow | null,
  provider: PaymentProvider,
  origin: string,
): ProviderSettingsView {
  const accountId = row?.accountId ?? "";
  const secret = row && openOrNull(box, row.secretSealed, contextOf(accountId, provider, "secret"));
  const webhook =
    row && openOrNull(box, row.webhookSecretSealed, contextOf(accountId, provider, "webhook"));
  return {
    provider,
    enabled: row?.enabled ?? false,
    publicKey: row?.publicKey ?? "",
    secretSet: Boolean(row?.secretSealed),
    secretLast4: secret ? lastFour(secret) : null,
    webhookSecretSet: Boolean(row?.webhookSecretSealed),
    webhookSecretLast4: webhook ? lastFour(webhook) : null,
    instructions: row?.instructions ?? "",
    webhookUrl: webhookUrlOf(origin, provider),
    ready: row ? rowIsReady(row) : false,
  };
}

type SettingsDeps = { database: Database; secretBox: SecretBox };
type Asker = {
  viewer: Viewer | null;
  accountId: string;
  hostAccountId: string | null;
  origin: string;
};

/** The manager's view of every provider's settings; secrets only as "set" and a tail. */
export async function readProviderSettings(
  { database, secretBox }: SettingsDeps,
  { viewer, accountId, hostAccountId, origin }: Asker,
): Promise<ProviderSettingsView[]> {
  requireSiteManager(viewer, { accountId, hostAccountId });
  const rows = await database.forAccount(accountId, (tx) => providerRows(tx, { accountId }));
  return paymentProviderNames.map((provider) =>
    viewOf(secretBox, rows.find((row) => row.provider === provider) ?? null, provider, origin),
  );
}

/**
 * Saves one provider's settings (managers). An empty secret field keeps the stored secret;
 * a provider is enabled only with every key it needs (else payment.keysMissing).
 */
export async function saveProviderSettings(
  { database, secretBox, logger }: SettingsDeps & { logger: Logger },
  { viewer, accountId, hostAccountId, origin, input }: Asker & { input: ProviderSettingsInput },
): Promise<ProviderSettingsView> {
  requireSiteManager(viewer, { accountId, hostAccountId });
  const { provider } = input;
  const row = await database.forAccount(accountId, async (tx) => {
    const stored = await providerRow(tx, { accountId, provider });
    const values = {
      accountId,
      provider,
      enabled: input.enabled,
      publicKey: provider === "offline" ? "" : input.publicKey,
      instructions: provider === "offline" ? input.instructions : "",
      secretSealed:
        provider !== "offline" && input.secretKey
          ? secretBox.seal(input.secretKey, contextOf(accountId, provider, "secret"))
          : undefined,
      webhookSecretSealed:
        isWebhookProvider(provider) && input.webhookSecret
          ? secretBox.seal(input.webhookSecret, contextOf(accountId, provider, "webhook"))
          : undefined,
    };
    const next = {
      ...values,
      secretSealed: values.secretSealed ?? stored?.secretSealed ?? null,
      webhookSecretSealed: values.webhookSecretSealed ?? stored?.webhookSecretSealed ?? null,
    };
    if (input.enabled && !rowIsReady(next)) throw new AppError({ code: "payment.keysMissing" });
    return upsertProvider(tx, values);
  });
  logger.info(
    {
      accountId,
      provider,
      enabled: row.enabled,
      secretChanged: Boolean(input.secretKey),
      webhookSecretChanged: Boolean(input.webhookSecret),
    },
    "payment provider settings saved",
  );
  return viewOf(secretBox, row, provider, origin);
}

export type OpenedProvider = {
  enabled: boolean;
  ready: boolean;
  keys: ProviderKeys;
  instructions: string;
};

/**
 * A provider's keys opened for a call to it, inside the caller's transaction; null when
 * nothing is stored. A sealed value that no longer opens (the auth secret changed) counts as
 * missing: the manager enters the keys again.
 */
export async function openProvider(
  tx: Tx,
  secretBox: SecretBox,
  { accountId, provider }: { accountId: string; provider: PaymentProvider },
): Promise<OpenedProvider | null> {
  const row = await providerRow(tx, { accountId, provider });
  if (!row) return null;
  const secretKey = openOrNull(
    secretBox,
    row.secretSealed,
    contextOf(accountId, provider, "secret"),
  );
  const webhookSecret = openOrNull(
    secretBox,
    row.webhookSecretSealed,
    contextOf(accountId, provider, "webhook"),
  );
  const opened = {
    ...row,
    secretSealed: secretKey === null ? null : row.secretSealed,
    webhookSecretSealed: webhookSecret === null ? null : row.webhookSecretSealed,
  };
  return {
    enabled: row.enabled,
    ready: rowIsReady(opened),
    keys: {
      publicKey: row.publicKey,
      secretKey: secretKey ?? "",
      webhookSecret: webhookSecret ?? "",
    },
    instructions: row.instructions,
  };
}
