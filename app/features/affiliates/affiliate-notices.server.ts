import { eq } from "drizzle-orm";
import { accounts } from "~/features/accounts/tables.server";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import {
  createAccountNotification,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";

/** The site's own language: notifications are written once, for whoever reads them. */
async function siteLanguage(tx: Tx, accountId: string) {
  const [account] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  return account?.settings.defaultLanguage ?? "en";
}

/** The affiliate's bell: what a sale earned them (written with the commission, once). */
export async function tellAffiliate(
  tx: Tx,
  {
    accountId,
    userId,
    amount,
    currency,
    orderNumber,
  }: { accountId: string; userId: string; amount: number; currency: string; orderNumber: number },
) {
  const lang = await siteLanguage(tx, accountId);
  const message = textIn(lang, "affiliates.notify.earned")
    .replace("{{amount}}", formatMoney({ amount: minorToMajor(amount, currency), currency, lang }))
    .replace("{{number}}", String(orderNumber));
  return storeMemberNotification(tx, { accountId, input: { userId, type: "other", message } });
}

/** The managers' bell: a member applied and waits for their decision. */
export async function tellManagersOfApplication(
  { database, pubsub }: { database: Database; pubsub: PubSub },
  { accountId, name }: { accountId: string; name: string },
) {
  const lang = await database.forAccount(accountId, (tx) => siteLanguage(tx, accountId));
  const message = textIn(lang, "affiliates.notify.applied").replace("{{name}}", name);
  await createAccountNotification(
    { database, pubsub },
    { accountId, input: { message, severity: 1 } },
  );
}
