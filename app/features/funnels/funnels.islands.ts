// The funnels' island (decision 048): a checkout step's offer and bump, which fills the cart
// and opens the checkout; the step's page and the rest of its parts are server HTML. Woken at
// load: a step's page is each visitor's own (never cached), and its button is why it is there.
import { defineIsland } from "~/platform/islands/island";
import { FunnelOffer } from "./components/funnel-offer";

export const FunnelOfferIsland = defineIsland("funnel-offer", FunnelOffer, { trigger: "load" });
