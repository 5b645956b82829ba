// Spec §3 Currency entry and checklist C8: the currencies a site may sell in, client-safe (the
// checkout, the cart and the payment settings read it). `digits` is the ISO 4217 minor unit:
// every amount on the server is an integer count of 10^-digits of the major unit.

export const currencyProviders = ["offline", "paypal", "stripe", "razorpay"] as const;
export type CurrencyProvider = (typeof currencyProviders)[number];

export type Currency = {
  code: string;
  digits: 0 | 2 | 3;
  /** English name; screens show Intl.DisplayNames in the visitor's language when it has one. */
  name: string;
  /** ISO 3166 two-letter codes of the countries that use it. */
  countries: readonly string[];
  /** The providers that take payments in it (offline takes anything). */
  providers: readonly CurrencyProvider[];
};

// Providers by what their documentation lists: PayPal's REST currency codes (INR for PayPal
// India accounts), Razorpay's international currencies (from India), Stripe's presentment
// currencies (three-decimal ones included).
const all: readonly CurrencyProvider[] = ["offline", "paypal", "stripe", "razorpay"];
const noPaypal: readonly CurrencyProvider[] = ["offline", "stripe", "razorpay"];
const noRazorpay: readonly CurrencyProvider[] = ["offline", "paypal", "stripe"];
const stripeOnly: readonly CurrencyProvider[] = ["offline", "stripe"];

const euro = [
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
];

export const currencies: readonly Currency[] = [
  {
    code: "USD",
    digits: 2,
    name: "US Dollar",
    countries: ["US", "EC", "SV", "PA", "PR", "TL"],
    providers: all,
  },
  { code: "EUR", digits: 2, name: "Euro", countries: euro, providers: all },
  { code: "GBP", digits: 2, name: "Pound Sterling", countries: ["GB"], providers: all },
  {
    code: "INR",
    digits: 2,
    name: "Indian Rupee",
    countries: ["IN"],
    providers: ["offline", "razorpay", "stripe", "paypal"],
  },
  { code: "BDT", digits: 2, name: "Bangladeshi Taka", countries: ["BD"], providers: noPaypal },
  { code: "PKR", digits: 2, name: "Pakistani Rupee", countries: ["PK"], providers: noPaypal },
  { code: "LKR", digits: 2, name: "Sri Lankan Rupee", countries: ["LK"], providers: noPaypal },
  { code: "NPR", digits: 2, name: "Nepalese Rupee", countries: ["NP"], providers: noPaypal },
  { code: "JPY", digits: 0, name: "Japanese Yen", countries: ["JP"], providers: noRazorpay },
  { code: "KRW", digits: 0, name: "South Korean Won", countries: ["KR"], providers: stripeOnly },
  { code: "VND", digits: 0, name: "Vietnamese Dong", countries: ["VN"], providers: stripeOnly },
  { code: "CLP", digits: 0, name: "Chilean Peso", countries: ["CL"], providers: stripeOnly },
  { code: "KWD", digits: 3, name: "Kuwaiti Dinar", countries: ["KW"], providers: stripeOnly },
  { code: "BHD", digits: 3, name: "Bahraini Dinar", countries: ["BH"], providers: stripeOnly },
  { code: "OMR", digits: 3, name: "Omani Rial", countries: ["OM"], providers: stripeOnly },
  { code: "JOD", digits: 3, name: "Jordanian Dinar", countries: ["JO"], providers: stripeOnly },
  { code: "CAD", digits: 2, name: "Canadian Dollar", countries: ["CA"], providers: all },
  {
    code: "AUD",
    digits: 2,
    name: "Australian Dollar",
    countries: ["AU", "KI", "NR", "TV"],
    providers: all,
  },
  { code: "NZD", digits: 2, name: "New Zealand Dollar", countries: ["NZ"], providers: all },
  { code: "CHF", digits: 2, name: "Swiss Franc", countries: ["CH", "LI"], providers: all },
  { code: "SEK", digits: 2, name: "Swedish Krona", countries: ["SE"], providers: all },
  { code: "NOK", digits: 2, name: "Norwegian Krone", countries: ["NO"], providers: all },
  {
    code: "DKK",
    digits: 2,
    name: "Danish Krone",
    countries: ["DK", "FO", "GL"],
    providers: all,
  },
  { code: "PLN", digits: 2, name: "Polish Zloty", countries: ["PL"], providers: noRazorpay },
  { code: "CZK", digits: 2, name: "Czech Koruna", countries: ["CZ"], providers: all },
  { code: "HUF", digits: 2, name: "Hungarian Forint", countries: ["HU"], providers: all },
  { code: "BRL", digits: 2, name: "Brazilian Real", countries: ["BR"], providers: noRazorpay },
  { code: "MXN", digits: 2, name: "Mexican Peso", countries: ["MX"], providers: all },
  { code: "COP", digits: 2, name: "Colombian Peso", countries: ["CO"], providers: noPaypal },
  {
    code: "ZAR",
    digits: 2,
    name: "South African Rand",
    countries: ["ZA", "LS", "NA"],
    providers: noPaypal,
  },
  { code: "NGN", digits: 2, name: "Nigerian Naira", countries: ["NG"], providers: noPaypal },
  { code: "KES", digits: 2, name: "Kenyan Shilling", countries: ["KE"], providers: noPaypal },
  { code: "EGP", digits: 2, name: "Egyptian Pound", countries: ["EG"], providers: noPaypal },
  { code: "AED", digits: 2, name: "UAE Dirham", countries: ["AE"], providers: noPaypal },
  { code: "SAR", digits: 2, name: "Saudi Riyal", countries: ["SA"], providers: noPaypal },
  { code: "QAR", digits: 2, name: "Qatari Riyal", countries: ["QA"], providers: noPaypal },
  { code: "ILS", digits: 2, name: "Israeli New Shekel", countries: ["IL", "PS"], providers: all },
  { code: "TRY", digits: 2, name: "Turkish Lira", countries: ["TR"], providers: stripeOnly },
  { code: "SGD", digits: 2, name: "Singapore Dollar", countries: ["SG"], providers: all },
  { code: "HKD", digits: 2, name: "Hong Kong Dollar", countries: ["HK"], providers: all },
  { code: "CNY", digits: 2, name: "Chinese Yuan", countries: ["CN"], providers: all },
  { code: "TWD", digits: 2, name: "New Taiwan Dollar", countries: ["TW"], providers: noRazorpay },
  { code: "MYR", digits: 2, name: "Malaysian Ringgit", countries: ["MY"], providers: all },
  { code: "IDR", digits: 2, name: "Indonesian Rupiah", countries: ["ID"], providers: noPaypal },
  { code: "PHP", digits: 2, name: "Philippine Peso", countries: ["PH"], providers: all },
  { code: "THB", digits: 2, name: "Thai Baht", countries: ["TH"], providers: all },
];

const byCode = new Map(currencies.map((currency) => [currency.code, currency]));

/** The list's entry for a code (upper case, as ISO writes it), or undefined. */
export function findCurrency(code: string): Currency | undefined {
  return byCode.get(code);
}

/** Whether the provider takes payments in the currency (false for a currency not in the list). */
export function providerTakes(provider: CurrencyProvider, code: string): boolean {
  return findCurrency(code)?.providers.includes(provider) ?? false;
}

/** The currency a country pays in, by its two-letter code (a site's default from its country). */
export function currencyOfCountry(country: string): Currency | undefined {
  const wanted = country.toUpperCase();
  return currencies.find((currency) => currency.countries.includes(wanted));
}

/**
 * Symbols written instead of what Intl gives (spec §9 "BDT symbol override"): most languages'
 * data write the taka as "BDT"; the site shows ৳ in every language.
 */
export const currencySymbolOverrides: Readonly<Record<string, string>> = { BDT: "৳" };
