import Stripe from "stripe";
import type { SavedCardCharge } from "./payment-types";

/** A Stripe reference, given as its id or as the expanded object. */
export const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

/**
 * A funnel's one-click upsell (decision 063): the card the earlier Checkout Session kept
 * (`setup_future_usage`) charged off-session, once per order. The payment's reference when it
 * succeeded at once; null when there is no card kept, or it was declined or needs its holder
 * (they then pay on Stripe's page). Other failures throw.
 */
export async function chargeSavedCard(
  stripe: Stripe,
  charge: SavedCardCharge,
): Promise<{ paymentRef: string } | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(charge.earlierRef);
    const earlier = refOf(session.payment_intent);
    if (!earlier) return null;
    const paid = await stripe.paymentIntents.retrieve(earlier);
    const customer = refOf(paid.customer);
    const method = refOf(paid.payment_method);
    if (!customer || !method) return null;
    const intent = await stripe.paymentIntents.create(
      {
        amount: charge.amount,
        currency: charge.currency.toLowerCase(),
        customer,
        payment_method: method,
        off_session: true,
        confirm: true,
        metadata: {
          order_id: charge.orderId,
          order_number: String(charge.orderNumber),
          account_id: charge.accountId,
        },
      },
      { idempotencyKey: `lyceum-oneclick-${charge.orderId}` },
    );
    return intent.status === "succeeded" ? { paymentRef: intent.id } : null;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return null;
    throw error;
  }
}
