// The cart's island (decision 048): woken at load for a visitor whose cart holds something, so
// its badge shows the count; on a first visit only when reached for.
import { defineIsland } from "~/platform/islands/island";
import { CartControl } from "./components/cart-control";
import { cartStorageKey } from "./validation";

export const CartIsland = defineIsland("cart", CartControl, {
  trigger: `stored:${cartStorageKey}`,
});
