import { Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { OfferPrice, ProductCard } from "../product-catalogue.server";
import { useBillingWords, useMoney } from "./offer-price";
import { ProductBuy } from "./product-buy";

export type ProductOfferProps = {
  /** What the cart's line needs of the product; the rest of its page stays server HTML. */
  product: Pick<ProductCard, "id" | "slug" | "title" | "image">;
  /** Every price, the account's currency first (at least one). */
  prices: OfferPrice[];
};

/**
 * A product page's buying box: the price chosen among several (a plan, a currency), when its
 * sale ends, and its add-to-cart. The one part of the page a visitor changes (an island there).
 */
export function ProductOffer({ product, prices }: ProductOfferProps) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const words = useBillingWords();
  const [priceId, setPriceId] = useState(prices[0]?.id ?? null);
  const price = prices.find((row) => row.id === priceId) ?? prices[0];
  if (!price) return null;
  return (
    <Stack>
      {prices.length > 1 ? (
        <Radio.Group label={t("products.page.choosePrice")} value={price.id} onChange={setPriceId}>
          <Stack gap="xs" mt="xs">
            {prices.map((row) => (
              <Radio
                key={row.id}
                value={row.id}
                label={[money(row.amount, row.currency), ...words(row)].join(" · ")}
                data-testid="price-option"
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {price.saleEndsAt ? (
        <Text size="sm" c="red" fw={600}>
          {t("products.page.saleEnds", {
            date: new Intl.DateTimeFormat(i18n.language, {
              dateStyle: "medium",
              timeZone: "UTC",
            }).format(new Date(price.saleEndsAt)),
          })}
        </Text>
      ) : null}
      <ProductBuy key={price.id} product={product} price={price} />
    </Stack>
  );
}
