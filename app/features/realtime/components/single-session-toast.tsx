import { Notification, Portal } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { cornerToastStyle } from "~/ui/corner-toast";

/** Spec §9: toasts close after 5000 ms; then the page goes home, as a sign-out does. */
export const SIGNED_OUT_TOAST_MS = 5_000;

/**
 * D13: this device was signed out because the person came online on another one. The
 * translated `singleSession` message shows, then the page goes to `/` (spec §4: sign-out
 * navigates home); closing the toast goes at once.
 */
export function SingleSessionToast() {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign("/"), SIGNED_OUT_TOAST_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Portal>
      <Notification
        role="alert"
        color="red"
        title={t("realtime.signedOutTitle")}
        closeButtonProps={{ "aria-label": t("realtime.goHome") }}
        onClose={() => window.location.assign("/")}
        data-testid="single-session-toast"
        style={cornerToastStyle}
      >
        {t("errors.singleSession")}
      </Notification>
    </Portal>
  );
}
