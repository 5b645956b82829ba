import { Stack } from "@mantine/core";
import { minorToMajor, type CartItem } from "~/features/cart/cart";
import { AddToCartIsland } from "~/features/cart/cart.islands";
import type { OfferPrice, ProductCard } from "../product-catalogue.server";
import { cartTypeOf, frequencyOf } from "../pricing";
import { OfferPriceText } from "./offer-price";

/** The cart's line for one price of a product (C1's shape; the amount only for display). */
export function cartItemOf(
  product: Pick<ProductCard, "id" | "slug" | "title" | "image">,
  price: OfferPrice,
): CartItem {
  return {
    id: product.id,
    priceId: price.id,
    title: product.title,
    ...(product.image ? { image: product.image } : {}),
    quantity: 1,
    type: cartTypeOf(price),
    amount: minorToMajor(price.amount, price.currency),
    currency: price.currency,
    frequency: frequencyOf(price),
    slug: product.slug,
  };
}

/**
 * Issue 16: a product's price (the sale shown against the regular price, how it recurs) and
 * its add-to-cart: the course page's call to action, the player's for a visitor. On a public
 * page the price is HTML and only the button is an island.
 */
export function ProductBuy({
  product,
  price,
}: {
  product: Pick<ProductCard, "id" | "slug" | "title" | "image">;
  price: OfferPrice;
}) {
  return (
    <Stack gap="sm" data-testid="product-buy">
      <OfferPriceText price={price} />
      <AddToCartIsland item={cartItemOf(product, price)} />
    </Stack>
  );
}
