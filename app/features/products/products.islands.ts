// The products' island (decision 048): a product page's buying box when the product has several
// prices to choose from; the rest of the page is server HTML (one price: only its add to cart
// acts, the cart's island).
import { defineIsland } from "~/platform/islands/island";
import { ProductOffer } from "./components/product-offer";

export const ProductOfferIsland = defineIsland("product-offer", ProductOffer);
