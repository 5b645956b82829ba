import { contactConsents, contacts, segments } from "~/features/contacts/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One contact with a line of its consent log, and one segment, written as raw rows. */
export async function createContactRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({
        accountId,
        email: `c-${accountId}@example.com`,
        status: "subscribed",
        source: "manual",
      })
      .returning({ id: contacts.id });
    await tx
      .insert(contactConsents)
      .values({ accountId, contactId: contact!.id, action: "subscribe", origin: "test" });
    await tx.insert(segments).values({ accountId, name: "Everyone", rules: {} });
  });
}
