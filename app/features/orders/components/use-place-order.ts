import { useState } from "react";
import { openRazorpayModal } from "./razorpay-modal";

export type CheckoutLine = { id: string; priceId?: string; quantity: number };
type Start =
  | { kind: "redirect"; url: string }
  | { kind: "modal"; client: Record<string, unknown> }
  | { kind: "offline" }
  | null;
type Placed = { order: { id: string; status: string }; start: Start };

const keyStorage = "checkout_key";

/**
 * The checkout's idempotency key: the same cart keeps its key for this tab, so a double click, a
 * reload or a retry after a lost answer finds the order already made instead of a second one.
 */
function checkoutKeyFor(signature: string): string {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyStorage) ?? "null") as {
      signature: string;
      key: string;
    } | null;
    if (saved?.signature === signature) return saved.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(keyStorage, JSON.stringify({ signature, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

export function forgetCheckoutKey() {
  try {
    sessionStorage.removeItem(keyStorage);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

async function send<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { error?: { code?: string } };
  if (!response.ok) throw new Error(data.error?.code ?? "server.internal");
  return data;
}

/** The checkout's modal: its handler's signed answer goes back to the server to verify. */
async function payInModal(orderId: string, client: Record<string, unknown>): Promise<void> {
  const result = await openRazorpayModal(client);
  if (!result) throw new Error("checkout.paymentDismissed");
  await send(`/api/checkout/${orderId}/return`, { payload: result });
}

/** C5 from the browser: make the order, then pay the way its provider asks. */
export function usePlaceOrder({
  lines,
  coupon,
  currency,
  funnel,
  reference,
  onPlaced,
}: {
  lines: CheckoutLine[];
  coupon: string | null;
  currency: string | undefined;
  /** The funnel's checkout step the cart came from (its id), if any. */
  funnel?: string;
  /** What else the order pays for, as its feature named it (a held booking: decision 078). */
  reference?: string;
  onPlaced: (orderId: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function place(provider: string) {
    setBusy(true);
    setError(null);
    try {
      const signature = JSON.stringify({ lines, coupon, provider, currency, reference });
      const placed = await send<Placed>("/api/checkout", {
        lines,
        coupon,
        currency,
        provider,
        checkoutKey: checkoutKeyFor(signature),
        ...(funnel ? { funnel } : {}),
        ...(reference ? { reference } : {}),
      });
      const { order, start } = placed;
      if (start?.kind === "redirect") {
        window.location.assign(start.url);
        return;
      }
      if (start?.kind === "modal") await payInModal(order.id, start.client);
      forgetCheckoutKey();
      onPlaced(order.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "server.internal");
      setBusy(false);
    }
  }

  return { place, busy, error };
}
