import { popups } from "~/features/popups/tables.server";
import type { Database } from "~/platform/db/database.server";

/** One popup, written as a raw row. */
export async function createPopupRows(database: Database, { accountId }: { accountId: string }) {
  await database.forAccount(accountId, (tx) =>
    tx.insert(popups).values({
      accountId,
      name: "Welcome",
      layout: "modal",
      trigger: "delay",
      title: "Welcome",
    }),
  );
}
