import { Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { quoteSplit, useCartQuote, type CartQuote } from "../cart-quote";
import { useCart } from "../cart-store";
import { formatCartMoney, minorToMajor } from "../money";
import { cartSummary } from "../validation";
import { CartLines } from "./cart-lines";
import classes from "./cart.module.css";

type Split = NonNullable<ReturnType<typeof quoteSplit>>;

/** The lines whose trial the summary names: the split's, or (none chosen) any provider's. */
function trialsOf(quote: CartQuote | null, split: Split | null): Map<string, number> {
  const days = new Map<string, number>();
  if (!quote) return days;
  const waiting = new Set(split ? split.trialLines : quote.splits.flatMap((s) => s.trialLines));
  for (const line of quote.lines) if (waiting.has(line.id)) days.set(line.id, line.trialDays);
  return days;
}

/**
 * The cart as the modal and the checkout show it (C1, C4): its lines (with remove unless
 * `removable` is false), then subtotal, the coupon's discount and what is due. With the
 * server's quote, a free trial is on its line and the total becomes "Due today" and "Due when
 * the free trial ends" as the chosen `provider` charges them (decision 032: offline takes no
 * trial); without a provider (the cart modal) only a split every provider agrees on is shown.
 * A display: the checkout prices the order again on the server.
 */
export function CartSummary({
  removable = true,
  provider,
}: {
  removable?: boolean;
  /** The checkout's chosen way to pay (null: none can be chosen); undefined in the cart modal. */
  provider?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const { quote, pending } = useCartQuote(cart.items, cart.coupon);
  const split = quoteSplit(quote, provider);
  const trials = trialsOf(quote, split);
  const totals = cartSummary(cart.items, cart.coupon);
  const money = (amount: number, currency: string) =>
    formatCartMoney({ amount, currency, lang: i18n.language });
  const minor = (amount: number) => money(minorToMajor(amount, quote!.currency), quote!.currency);
  const each = (pick: (row: (typeof totals)[number]) => number, sign = "") =>
    totals.map((row) => `${sign}${money(pick(row), row.currency)}`).join(" + ");
  // The server's amounts when it has answered, the browser's own otherwise.
  const subtotal = quote && split ? minor(quote.subtotal) : each((row) => row.subtotal);
  const discount = quote && split ? `−${minor(quote.discount)}` : each((row) => row.discount, "−");
  const discounted = quote && split ? quote.discount > 0 : totals.some((row) => row.discount > 0);
  const couponName = quote && split ? quote.coupon : cart.coupon?.name;
  // A subscription's total waits for the server, so a trial's full price is never shown as due.
  const waiting = pending && cart.items.some((item) => item.type === "subscription");
  const dependsOnMethod = provider === undefined && !split && trials.size > 0;
  return (
    <Stack gap="md">
      <CartLines
        items={cart.items}
        onRemove={removable ? cart.remove : undefined}
        trialDays={trials}
      />
      {waiting ? (
        <Skeleton height={56} radius="sm" />
      ) : (
        <dl className={classes.totals} data-testid="cart-totals">
          {discounted ? (
            <>
              <div>
                <Text component="dt">{t("cart.subtotal")}</Text>
                <Text component="dd" data-testid="cart-subtotal">
                  {subtotal}
                </Text>
              </div>
              <div className={classes.discount}>
                <Text component="dt">
                  {t("cart.discount")} · {couponName}
                </Text>
                <Text component="dd" fw={600} data-testid="cart-discount">
                  {discount}
                </Text>
              </div>
            </>
          ) : null}
          {split && split.dueLater > 0 ? (
            <>
              <div data-testid="cart-due-today">
                <Text component="dt" fw={700}>
                  {t("cart.dueToday")}
                </Text>
                <Text component="dd" fw={700} fz="lg">
                  {minor(split.total)}
                </Text>
              </div>
              <div className={classes.later} data-testid="cart-due-later">
                <Text component="dt" size="sm">
                  {t("cart.dueLater")}
                </Text>
                <Text component="dd" size="sm" fw={600}>
                  {minor(split.dueLater)}
                </Text>
              </div>
            </>
          ) : (
            <div>
              <Text component="dt" fw={700}>
                {t("cart.total")}
              </Text>
              <Text component="dd" fw={700} fz="lg" data-testid="cart-total">
                {split ? minor(split.total) : each((row) => row.total)}
              </Text>
            </div>
          )}
        </dl>
      )}
      {dependsOnMethod ? (
        <Text size="xs" c="dimmed" data-testid="cart-trial-note">
          {t("cart.trialByMethod")}
        </Text>
      ) : null}
    </Stack>
  );
}
