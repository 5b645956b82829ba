import { Notification, Portal } from "@mantine/core";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { cornerToastStyle } from "~/ui/corner-toast";

/** Spec §9: toasts close after 5000 ms. */
export const COUPON_TOAST_MS = 5_000;

export type CouponToastMessage = {
  /** `cart.couponApplied`, `cart.couponLimit`, `cart.couponUnavailable`, `cart.couponExpired`, `cart.couponFailed`. */
  key: string;
  tone: "success" | "error";
  /** A new toast for the same text starts its time again. */
  id: number;
};

/** The coupon box's toast (spec §8), at the screen's corner above the cart modal. */
export function CouponToast({
  toast,
  onClose,
}: {
  toast: CouponToastMessage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onClose, COUPON_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onClose]);
  const success = toast.tone === "success";
  return (
    <Portal>
      <Notification
        role={success ? "status" : "alert"}
        color={success ? "green" : "red"}
        icon={success ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
        closeButtonProps={{ "aria-label": t("cart.closeMessage") }}
        onClose={onClose}
        data-testid="coupon-toast"
        data-tone={toast.tone}
        style={cornerToastStyle}
      >
        {t(toast.key)}
      </Notification>
    </Portal>
  );
}
