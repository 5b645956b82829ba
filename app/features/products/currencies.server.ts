import type { AccountSummary } from "~/features/accounts/accounts";
import { currencies } from "~/features/cart/cart";

/**
 * C8: the currencies a product can be priced in — the cart's currency list (code, digits,
 * providers), the account's own currency first. An account whose currency the list lacks
 * still prices in it (it was chosen before the list existed).
 */
export function productCurrencies(account: AccountSummary): {
  currency: string;
  currencies: string[];
} {
  const currency = account.settings.currency ?? "USD";
  const codes = currencies.map((entry) => entry.code);
  return { currency, currencies: [currency, ...codes.filter((code) => code !== currency)] };
}
