import {
  Alert,
  Button,
  Group,
  Notification,
  Portal,
  Text,
  type MantineSpacing,
} from "@mantine/core";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import classes from "./settings.module.css";
import { cornerToastStyle } from "../corner-toast";

export type SaveStatus = "idle" | "saving" | "saved" | "invalid" | "failed";

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
        style={cornerToastStyle}
      >
        {message}
      </Notification>
    </Portal>
  );
}

/** Editors that say what became of a save in a line beside the button. */
export type StatusScope = "header" | "logo" | "menu";

/**
 * A status line: its editor (test id `<scope>-save-status`) and the group of its texts,
 * `siteSettings.<editor>.status`, written out by the editor (whose screen sends those texts).
 */
export type StatusLineOf = { scope: StatusScope; keys: string };

/**
 * The line beside the button, read out by screen readers: unsaved changes, saved (the site shows
 * it on the next request), fields to fix, or a failure. Nothing while saving or unchanged.
 */
function StatusLine({
  status,
  dirty,
  line,
}: {
  status: SaveStatus;
  dirty: boolean;
  line: StatusLineOf;
}) {
  const { t } = useTranslation();
  const shown =
    status === "saving" || (status === "idle" && !dirty)
      ? null
      : status === "idle" || (status === "saved" && dirty)
        ? "unsaved"
        : status;
  return (
    <Text
      size="sm"
      className={classes.status}
      data-state={shown ?? undefined}
      role="status"
      data-testid={`${line.scope}-save-status`}
    >
      {shown ? t(`${line.keys}.${shown}`) : null}
    </Text>
  );
}

/**
 * Every settings editor's save: its button and what became of the save. An editor says what
 * went wrong either in a status line beside the button (`statusLine`; then the button rests
 * while there is nothing to save, and each field or item marks its own problem) or, without
 * one, in a summary alert above the buttons. A reset puts the saved value back; a toast
 * confirms a save where no line does.
 */
export function SaveControls({
  status,
  dirty,
  saveLabel,
  onSave,
  onReset,
  statusLine,
  toast,
  mt,
  gap = "sm",
  children,
}: {
  status: SaveStatus;
  dirty: boolean;
  saveLabel: string;
  /** Saves on a click; without it the button submits the editor's form. */
  onSave?: () => void;
  /** The reset button's action; without it there is none. */
  onReset?: () => void;
  /** The status line beside the button, if the editor has one. */
  statusLine?: StatusLineOf;
  /** The toast after a save; `savedAt` changes with each save, so it shows again. */
  toast?: { message: string; savedAt: number; onClose: () => void };
  mt?: MantineSpacing;
  gap?: MantineSpacing;
  /** More controls on the button's row (e.g. an undo). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const summary = statusLine ? null : status;
  return (
    <>
      {summary === "invalid" ? (
        <Alert color="red" role="alert" title={t("siteSettings.common.invalidTitle")}>
          {t("siteSettings.common.invalidText")}
        </Alert>
      ) : null}
      {summary === "failed" ? (
        <Alert color="red" role="alert" title={t("siteSettings.common.failedTitle")}>
          {t("siteSettings.common.failedText")}
        </Alert>
      ) : null}
      <Group mt={mt} gap={gap}>
        <Button
          type={onSave ? "button" : "submit"}
          onClick={onSave}
          loading={status === "saving"}
          disabled={statusLine ? !dirty && status !== "invalid" : false}
        >
          {saveLabel}
        </Button>
        {onReset ? (
          <Button variant="default" disabled={!dirty || status === "saving"} onClick={onReset}>
            {t("siteSettings.common.reset")}
          </Button>
        ) : null}
        {statusLine ? <StatusLine status={status} dirty={dirty} line={statusLine} /> : null}
        {children}
      </Group>
      {toast && status === "saved" ? (
        <SavedToast key={toast.savedAt} message={toast.message} onClose={toast.onClose} />
      ) : null}
    </>
  );
}
