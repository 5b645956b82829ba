import { Button, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useCart } from "../cart-store";
import { CartSummary } from "./cart-summary";
import { CouponBox } from "./coupon-box";

/** The cart modal (P11): lines with remove, total, coupon and the way to checkout. */
export function CartModal() {
  const { t } = useTranslation();
  const cart = useCart();
  return (
    <Modal
      opened={cart.modalOpen}
      onClose={cart.closeModal}
      title={t("cart.title")}
      size="lg"
      radius="md"
      closeButtonProps={{ "aria-label": t("cart.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="lg">
        <CartSummary />
        <CouponBox />
        <Stack gap={6}>
          {/* A full page load: checkout starts without any of the owner's scripts (DESIGN §3). */}
          <Button component="a" href="/checkout" size="md" fullWidth>
            {t("cart.checkout")}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t("cart.checkoutNote")}
          </Text>
        </Stack>
      </Stack>
    </Modal>
  );
}
