import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCart } from "../cart-store";
import { formatCartMoney } from "../money";
import { cartSummary } from "../validation";
import { CartLines } from "./cart-lines";
import classes from "./cart.module.css";

/**
 * The cart as the modal and the checkout show it (C1, C4): its lines (with remove unless
 * `removable` is false), then subtotal, the stored coupon's discount and the total, per
 * currency. A display: the checkout prices the order again on the server.
 */
export function CartSummary({ removable = true }: { removable?: boolean }) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const totals = cartSummary(cart.items, cart.coupon);
  const money = (amount: number, currency: string) =>
    formatCartMoney({ amount, currency, lang: i18n.language });
  const each = (pick: (row: (typeof totals)[number]) => number, sign = "") =>
    totals.map((row) => `${sign}${money(pick(row), row.currency)}`).join(" + ");
  const discounted = totals.some((row) => row.discount > 0);
  return (
    <Stack gap="md">
      <CartLines items={cart.items} onRemove={removable ? cart.remove : undefined} />
      <dl className={classes.totals}>
        {discounted ? (
          <>
            <div>
              <Text component="dt">{t("cart.subtotal")}</Text>
              <Text component="dd" data-testid="cart-subtotal">
                {each((row) => row.subtotal)}
              </Text>
            </div>
            <div className={classes.discount}>
              <Text component="dt">
                {t("cart.discount")} · {cart.coupon?.name}
              </Text>
              <Text component="dd" fw={600} data-testid="cart-discount">
                {each((row) => row.discount, "−")}
              </Text>
            </div>
          </>
        ) : null}
        <div>
          <Text component="dt" fw={700}>
            {t("cart.total")}
          </Text>
          <Text component="dd" fw={700} fz="lg" data-testid="cart-total">
            {each((row) => row.total)}
          </Text>
        </div>
      </dl>
    </Stack>
  );
}
