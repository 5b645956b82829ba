import { Button, CloseButton, Group, Paper, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useCart } from "../cart-store";

/**
 * The coupon entry (spec §2: in cart and checkout). The code is kept with the cart and checked
 * against the account's coupons when the order is placed; nothing is validated here, so the box
 * never claims a discount it cannot honour.
 */
export function CouponBox() {
  const { t } = useTranslation();
  const cart = useCart();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cart.setCoupon(code)) {
      setCode("");
      setError(null);
    } else {
      setError(t("cart.couponInvalid"));
    }
  }

  if (cart.coupon) {
    return (
      <Paper withBorder p="sm" radius="md" data-testid="coupon-pending">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">{t("cart.couponPending", { code: cart.coupon })}</Text>
          <CloseButton
            aria-label={t("cart.couponRemove", { code: cart.coupon })}
            onClick={() => cart.setCoupon(null)}
          />
        </Group>
      </Paper>
    );
  }
  return (
    <form onSubmit={apply} noValidate>
      <TextInput
        label={t("cart.couponLabel")}
        placeholder={t("cart.couponPlaceholder")}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={error}
        maxLength={64}
        autoComplete="off"
        rightSectionWidth={96}
        rightSectionPointerEvents="all"
        rightSection={
          <Button type="submit" size="compact-sm" variant="light" disabled={!code.trim()}>
            {t("cart.couponApply")}
          </Button>
        }
      />
    </form>
  );
}
