import { Group, Stack, Text, VisuallyHidden, type TextProps } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { formatMoney, minorToMajor } from "~/features/cart/cart";
import type { OfferPrice } from "../product-catalogue.server";

/** A minor amount in its currency, written for the reader's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (minor: number, currency: string) =>
    formatMoney({ amount: minorToMajor(minor, currency), currency, lang: i18n.language });
}

/** How a price is paid, in words: "per month", "12 payments", "7-day free trial". */
export function useBillingWords() {
  const { t } = useTranslation();
  return (price: Pick<OfferPrice, "billing" | "interval" | "trialDays" | "iterations">) => {
    const parts: string[] = [];
    if (price.billing === "subscription") {
      parts.push(t(`products.billing.every.${price.interval ?? "month"}`));
      if (price.iterations > 0)
        parts.push(t("products.billing.renewals", { count: price.iterations }));
    }
    if (price.billing === "installments")
      parts.push(
        t("products.billing.installments", {
          count: price.iterations,
          every: t(`products.billing.every.${price.interval ?? "month"}`),
        }),
      );
    if (price.trialDays > 0) parts.push(t("products.billing.trial", { count: price.trialDays }));
    return parts;
  };
}

/** A price as the public site shows it: the amount now, the regular one struck through on sale. */
export function OfferPriceText({
  price,
  size = "xl",
  ...text
}: { price: OfferPrice; size?: TextProps["size"] } & Omit<TextProps, "size">) {
  const { t } = useTranslation();
  const money = useMoney();
  const words = useBillingWords()(price);
  return (
    <Stack gap={2} data-testid="offer-price">
      <Group gap="xs" align="baseline">
        <Text fw={700} size={size} {...text} data-testid="offer-amount">
          {price.amount === 0 ? t("products.free") : money(price.amount, price.currency)}
        </Text>
        {price.regularAmount !== null ? (
          <Text td="line-through" c="dimmed" data-testid="offer-regular">
            <VisuallyHidden>{t("products.regularPrice")} </VisuallyHidden>
            {money(price.regularAmount, price.currency)}
          </Text>
        ) : null}
      </Group>
      {words.length > 0 ? (
        <Text size="sm" c="dimmed">
          {words.join(" · ")}
        </Text>
      ) : null}
    </Stack>
  );
}
