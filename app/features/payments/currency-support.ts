import { providerTakes } from "~/features/cart/cart";
import type { PaymentProvider } from "./provider-shapes";

// Which provider takes which currency (C8); amounts in minor units are the cart's money module's.

/** Whether `provider` takes payments in `currency` (a code of the currency list). */
export function providerTakesCurrency(provider: PaymentProvider, currency: string): boolean {
  return providerTakes(provider, currency);
}

export {
  currencyDigits as minorDigits,
  decimalToMinor,
  minorToDecimal,
} from "~/features/cart/cart";
