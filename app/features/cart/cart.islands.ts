// The cart's islands (decision 048): the header's cart, woken at load for a visitor whose cart
// holds something, so its badge shows the count (on a first visit only when reached for); and
// a course's or product's add to cart, which wakes the header's to show what it added.
import { defineIsland } from "~/platform/islands/island";
import { AddToCartButton } from "./components/add-to-cart-button";
import { CartControl } from "./components/cart-control";
import { cartStorageKey, legacyCartKey } from "./validation";

export const CartIsland = defineIsland("cart", CartControl, {
  // A cart saved before issue 16, under its old key, is carried over by the store once awake.
  trigger: `stored:${cartStorageKey},${legacyCartKey}`,
});

export const AddToCartIsland = defineIsland("add-to-cart", AddToCartButton);
