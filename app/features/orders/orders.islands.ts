// The orders' island (decision 048): the buyer's order on /thankyou, asked again until its
// payment settles. Woken at load: it is only ever on a signed-in page, which is never cached.
import { defineIsland } from "~/platform/islands/island";
import { OrderThanks } from "./components/order-thanks";

export const OrderThanksIsland = defineIsland("order-thanks", OrderThanks, { trigger: "load" });
