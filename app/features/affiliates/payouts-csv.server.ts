import { toCsv } from "~/platform/csv";
import { currencyDigits, minorToMajor } from "~/features/cart/cart";
import { requireCapability, type Viewer } from "~/features/members/members.server";
import type { Database } from "~/platform/db/database.server";
import { payoutsOf } from "./affiliate-reads.server";

/**
 * M5 the payouts made, as CSV for the books (or a mass payment's import): who, where the money
 * went, how much, for how many commissions, and when. Newest first, up to 10,000 rows.
 */
export async function payoutsCsv(
  database: Database,
  { accountId, viewer }: { accountId: string; viewer: Viewer | null },
): Promise<string> {
  requireCapability(viewer, "manage_options");
  const rows = await database.forAccount(accountId, (tx) => payoutsOf(tx, accountId, null, 10_000));
  return toCsv({
    fields: [
      "paid_at",
      "affiliate",
      "email",
      "payout_details",
      "amount",
      "currency",
      "commissions",
      "note",
    ],
    data: rows.map(({ view, email, payoutDetails }) => [
      view.paidAt,
      view.affiliateName,
      email,
      payoutDetails,
      minorToMajor(view.amount, view.currency).toFixed(currencyDigits(view.currency)),
      view.currency,
      view.commissions,
      view.note,
    ]),
  });
}
