import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/platform/db/database.server";
import type { PaymentProvider } from "./provider-shapes";
import { paymentEvents, paymentProviders } from "./tables.server";

export type ProviderRow = typeof paymentProviders.$inferSelect;

export async function providerRows(tx: Tx, { accountId }: { accountId: string }) {
  return tx.select().from(paymentProviders).where(eq(paymentProviders.accountId, accountId));
}

export async function providerRow(
  tx: Tx,
  { accountId, provider }: { accountId: string; provider: PaymentProvider },
): Promise<ProviderRow | null> {
  const [row] = await tx
    .select()
    .from(paymentProviders)
    .where(and(eq(paymentProviders.accountId, accountId), eq(paymentProviders.provider, provider)))
    .limit(1);
  return row ?? null;
}

/** One provider's settings written whole; a sealed column left undefined keeps what is stored. */
export async function upsertProvider(
  tx: Tx,
  values: {
    accountId: string;
    provider: PaymentProvider;
    enabled: boolean;
    publicKey: string;
    instructions: string;
    secretSealed?: string;
    webhookSecretSealed?: string;
  },
): Promise<ProviderRow> {
  const set = {
    enabled: values.enabled,
    publicKey: values.publicKey,
    instructions: values.instructions,
    updatedAt: sql`now()`,
    ...(values.secretSealed !== undefined && { secretSealed: values.secretSealed }),
    ...(values.webhookSecretSealed !== undefined && {
      webhookSecretSealed: values.webhookSecretSealed,
    }),
  };
  const [row] = await tx
    .insert(paymentProviders)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentProviders.accountId, paymentProviders.provider],
      set,
    })
    .returning();
  return row!;
}

/** A provider's event into the inbox, once: false when it was there already. */
export async function insertPaymentEvent(
  tx: Tx,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({
      target: [paymentEvents.accountId, paymentEvents.provider, paymentEvents.eventId],
    })
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}
