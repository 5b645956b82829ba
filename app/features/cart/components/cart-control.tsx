import { CartButton } from "./cart-button";
import { CartModal } from "./cart-modal";

/**
 * The header's cart button and the cart modal it opens, one island since they share the modal's
 * state; without the button (`header_cart` off, checkout) the modal still opens for add to cart.
 */
export function CartControl({ button }: { button: boolean }) {
  return (
    <>
      {button ? <CartButton /> : null}
      <CartModal />
    </>
  );
}
