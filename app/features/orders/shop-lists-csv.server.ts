// A shop's customers and subscriptions as CSV (managers; the console for the platform's shop):
// every row the screen's search and filters show, not only its page, in the same order, amounts
// in the currency's major unit, cells written as text where a spreadsheet would see a formula.
import { currencyDigits, minorToMajor } from "~/features/cart/cart";
import { toCsv } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import type { OrdersRequest } from "./order-lists.server";
import { listCustomers } from "./order-reports.server";
import { parseShopQuery } from "./order-views";
import { ORDERS_CSV_LIMIT } from "./orders-csv.server";
import { listShopSubscriptions } from "./subscriptions.server";

type CsvRequest = OrdersRequest & { search: URLSearchParams };
type CsvFile = { filename: string; csv: string };

const money = (minor: number, currency: string) =>
  minorToMajor(minor, currency).toFixed(currencyDigits(currency));

function file(
  kind: string,
  slug: string,
  [fields, ...data]: (string | number | null)[][],
): CsvFile {
  const stamp = new Date().toISOString().slice(0, 10);
  return {
    filename: `${kind}-${slug}-${stamp}.csv`,
    csv: toCsv({ fields: fields!.map(String), data }),
  };
}

/** The customers tab: each buyer, their orders, what they spent per currency, their last order. */
export async function exportCustomersCsv(
  database: Database,
  { account, viewer, search }: CsvRequest,
): Promise<CsvFile> {
  const query = parseShopQuery(search);
  const { rows } = await listCustomers(
    database,
    { account, viewer, query },
    { limit: ORDERS_CSV_LIMIT, offset: 0 },
  );
  return file("customers", account.slug, [
    ["name", "email", "orders", "spent", "last_order_at"],
    ...rows.map((row) => [
      row.name,
      row.email,
      row.orders,
      row.spent.map(({ currency, amount }) => `${currency} ${money(amount, currency)}`).join("; "),
      row.lastOrderAt,
    ]),
  ]);
}

/** The subscriptions tab: each subscription with its order, buyer, price and next renewal. */
export async function exportSubscriptionsCsv(
  database: Database,
  { account, viewer, search }: CsvRequest,
): Promise<CsvFile> {
  const query = parseShopQuery(search);
  const { rows } = await listShopSubscriptions(
    database,
    { account, viewer, query },
    { limit: ORDERS_CSV_LIMIT, offset: 0 },
  );
  return file("subscriptions", account.slug, [
    [
      "order_number",
      "title",
      "status",
      "provider",
      "name",
      "email",
      "currency",
      "amount",
      "interval",
      "payments_left",
      "current_period_end",
      "cancel_at_period_end",
    ],
    ...rows.map((row) => [
      row.orderNumber,
      row.title,
      row.status,
      row.provider,
      row.buyer.name,
      row.buyer.email,
      row.currency,
      money(row.amount, row.currency),
      row.interval,
      row.paymentsLeft,
      row.currentPeriodEnd,
      row.cancelAtPeriodEnd ? "yes" : "no",
    ]),
  ]);
}
