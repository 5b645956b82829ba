import { webhookDeliveries, webhookEndpoints } from "~/features/webhooks/tables.server";
import type { Database } from "~/platform/db/database.server";

/** A webhook endpoint with one delivered call, as raw rows (the secret a placeholder). */
export async function createWebhookRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId,
        url: "https://hooks.example.com/in",
        eventTypes: ["order.paid"],
        secretSealed: "v1.placeholder",
      })
      .returning({ id: webhookEndpoints.id });
    await tx.insert(webhookDeliveries).values({
      accountId,
      endpointId: endpoint!.id,
      eventId: crypto.randomUUID(),
      eventType: "order.paid",
      payload: { type: "order.paid", timestamp: new Date().toISOString(), data: {} },
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
      deliveredAt: new Date(),
    });
  });
}
