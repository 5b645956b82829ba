import { Notification, Portal } from "@mantine/core";
import { useEffect } from "react";
import { cornerToastStyle } from "./corner-toast";

/** A green "saved" notice in the end corner that closes itself after 5 s (spec §9). */
export function SavedToast({
  message,
  onClose,
  closeLabel,
  testId,
}: {
  message: string;
  onClose: () => void;
  closeLabel: string;
  testId: string;
}) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, 5_000);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <Portal>
      <Notification
        role="status"
        color="green"
        onClose={onClose}
        closeButtonProps={{ "aria-label": closeLabel }}
        style={cornerToastStyle}
        data-testid={testId}
      >
        {message}
      </Notification>
    </Portal>
  );
}
