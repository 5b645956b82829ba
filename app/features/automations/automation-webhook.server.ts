import { and, eq } from "drizzle-orm";
import { isPublicAddress } from "~/features/campaigns/campaigns.server";
import { contacts } from "~/features/contacts/tables.server";
import type { Database } from "~/platform/db/database.server";
import { pinnedPost } from "~/platform/pinned-post.server";
import { webhookHeaders } from "~/platform/webhook-signing.server";
import { automationRuns, automations } from "./tables.server";

export type WebhookServices = {
  database: Database;
  allowPrivate: boolean;
  resolve: (host: string) => Promise<string[]>;
};

/**
 * The `automations.webhook` job: posts what the run knows of its contact to the step's address,
 * signed, and throws on anything but a 2xx answer so the queue tries again later (8 times,
 * further apart each time). The same call has the same `webhook-id`: a receiver drops repeats.
 * Only public addresses are called unless the operator allows private ones.
 */
export async function callWebhook(
  services: WebhookServices,
  data: { accountId: string; runId: string; stepId: string; url: string; at: string },
): Promise<{ status: number } | { skipped: string }> {
  const { database } = services;
  const found = await database.forAccount(data.accountId, async (tx) => {
    const [row] = await tx
      .select({
        automationId: automations.id,
        name: automations.name,
        secret: automations.signingSecret,
        contactId: contacts.id,
        email: contacts.email,
        contactName: contacts.name,
        tags: contacts.tags,
      })
      .from(automationRuns)
      .innerJoin(
        automations,
        and(
          eq(automations.accountId, automationRuns.accountId),
          eq(automations.id, automationRuns.automationId),
        ),
      )
      .innerJoin(
        contacts,
        and(
          eq(contacts.accountId, automationRuns.accountId),
          eq(contacts.id, automationRuns.contactId),
        ),
      )
      .where(and(eq(automationRuns.accountId, data.accountId), eq(automationRuns.id, data.runId)));
    return row ?? null;
  });
  if (!found) return { skipped: "gone" };
  const url = new URL(data.url);
  const addresses = await services.resolve(url.hostname.replace(/^\[|\]$/g, ""));
  if (addresses.length === 0) throw new Error(`webhook host ${url.host} has no address`);
  if (!services.allowPrivate && !addresses.every(isPublicAddress))
    return { skipped: "privateHost" };
  const id = `${data.runId}:${data.stepId}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: "automation.step",
    timestamp: data.at,
    data: {
      automation: { id: found.automationId, name: found.name },
      runId: data.runId,
      stepId: data.stepId,
      contact: {
        id: found.contactId,
        email: found.email,
        name: found.contactName,
        tags: found.tags,
      },
    },
  });
  // To the address just checked, not to whatever the name resolves to a moment later.
  const answer = await pinnedPost(url, {
    address: addresses[0]!,
    headers: webhookHeaders(found.secret, { id, timestamp, body }),
    body,
  });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`webhook answered ${answer.status}`);
  return { status: answer.status };
}
