import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useCart } from "../cart-store";
import type { CartItem } from "../validation";

/**
 * On a public page the header's cart is an island of its own (decision 048): it is woken to show
 * the new count and the modal. Both islands read the one cart store module, so the cart sees
 * what was added. On an app page nothing listens and the cart is already live.
 */
const wakeCart = () =>
  document.dispatchEvent(new CustomEvent("lyceum:wake-island", { detail: "cart" }));

/**
 * "Add to cart" for a priced course or product. A second click says it is already in the cart
 * (a course is bought once); either way the visitor gets a way to the cart.
 */
export function AddToCartButton({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const cart = useCart();
  const [result, setResult] = useState<"added" | "already" | null>(null);
  return (
    <Stack gap={6}>
      <Button
        size="md"
        fullWidth
        data-testid="add-to-cart"
        onClick={() => {
          setResult(cart.add(item) ? "added" : "already");
          wakeCart();
        }}
      >
        {t("cart.add")}
      </Button>
      <div role="status" aria-live="polite">
        {result ? (
          <Text size="sm" ta="center" data-testid="add-to-cart-result">
            {t(result === "added" ? "cart.added" : "cart.already")}{" "}
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={() => {
                cart.openModal();
                wakeCart();
              }}
            >
              {t("cart.view")}
            </Anchor>
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
