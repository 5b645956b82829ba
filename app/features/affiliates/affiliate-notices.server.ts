import { formatMoney, minorToMajor } from "~/features/cart/cart";
import {
  createAccountNotification,
  siteLanguageOf,
  storeMemberNotification,
} from "~/features/notifications/notifications.server";
import type { Database, Tx } from "~/platform/db/database.server";
import { textIn } from "~/platform/i18n/messages.server";
import type { PubSub } from "~/platform/pubsub/pubsub.server";

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
  const lang = await siteLanguageOf(tx, accountId);
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
  const lang = await database.forAccount(accountId, (tx) => siteLanguageOf(tx, accountId));
  const message = textIn(lang, "affiliates.notify.applied").replace("{{name}}", name);
  await createAccountNotification(
    { database, pubsub },
    { accountId, input: { message, severity: 1 } },
  );
}
