import { Alert, Button, Group, Notification, Portal } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { SaveStatus } from "../option-save";

/** How long the "saved" toast stays. */
const TOAST_MS = 5_000;

function SavedToast({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [onClose]);
  return (
    <Portal>
      <Notification
        role="status"
        color="teal"
        title={t("siteSettings.common.savedTitle")}
        closeButtonProps={{ "aria-label": t("siteSettings.common.close") }}
        onClose={onClose}
        data-testid="settings-saved"
        style={{
          position: "fixed",
          insetInlineEnd: "var(--mantine-spacing-md)",
          bottom: "var(--mantine-spacing-md)",
          zIndex: 1000,
          maxWidth: "min(420px, calc(100vw - 2 * var(--mantine-spacing-md)))",
        }}
      >
        {message}
      </Notification>
    </Portal>
  );
}

/**
 * A settings section's save button, its undo, what went wrong (a summary; each field shows its
 * own message) and the toast after a save.
 */
export function SaveControls({
  saver,
  saveLabel,
  savedMessage,
  dirty,
  onReset,
}: {
  saver: { status: SaveStatus; savedAt: number; dismissSaved: () => void };
  saveLabel: string;
  savedMessage: string;
  dirty: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { status } = saver;
  return (
    <>
      {status === "invalid" ? (
        <Alert color="red" role="alert" title={t("siteSettings.common.invalidTitle")}>
          {t("siteSettings.common.invalidText")}
        </Alert>
      ) : null}
      {status === "failed" ? (
        <Alert color="red" role="alert" title={t("siteSettings.common.failedTitle")}>
          {t("siteSettings.common.failedText")}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button type="submit" loading={status === "saving"}>
          {saveLabel}
        </Button>
        <Button variant="default" disabled={!dirty || status === "saving"} onClick={onReset}>
          {t("siteSettings.common.reset")}
        </Button>
      </Group>
      {status === "saved" ? (
        <SavedToast key={saver.savedAt} message={savedMessage} onClose={saver.dismissSaved} />
      ) : null}
    </>
  );
}
