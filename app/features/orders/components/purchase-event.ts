import { minorToMajor } from "~/features/cart/cart";
import type { OrderView } from "../order-view.server";

const sentKey = "purchases_sent";

/**
 * The analytics `purchase` event (GA4-shaped, like add_to_cart): dispatched once per order in
 * this browser, when the order is fulfilled; the analytics feature listens for it.
 */
export function firePurchase(order: Pick<OrderView, "id" | "currency" | "total" | "items">) {
  let sent: string[] = [];
  try {
    sent = JSON.parse(sessionStorage.getItem(sentKey) ?? "[]") as string[];
    if (sent.includes(order.id)) return;
    sessionStorage.setItem(sentKey, JSON.stringify([...sent, order.id].slice(-20)));
  } catch {
    // Storage blocked: send it; a reload may send it again, which analytics dedupes by id.
  }
  const scale = (minor: number) => minorToMajor(minor, order.currency);
  window.dispatchEvent(
    new CustomEvent("lyceum:purchase", {
      detail: {
        transaction_id: order.id,
        currency: order.currency,
        value: scale(order.total),
        items: order.items.map((item) => ({
          item_id: item.productId,
          item_name: item.title,
          price: scale(item.amount),
          quantity: item.quantity,
        })),
      },
    }),
  );
}
