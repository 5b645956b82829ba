import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./header-editor.module.css";

export type SaveState = "idle" | "saving" | "saved" | "invalid" | "failed";

/**
 * What became of a save on the header screen, beside its button and read out by screen readers:
 * unsaved changes, saved (the site shows it on the next request), fields to fix, or a failure.
 */
export function SaveStatus({
  state,
  dirty,
  scope,
}: {
  state: SaveState;
  dirty: boolean;
  /** siteSettings.<scope>.status.* */
  scope: "header" | "logo" | "menu";
}) {
  const { t } = useTranslation();
  const shown =
    state === "saving" || (state === "idle" && !dirty)
      ? null
      : state === "idle" || (state === "saved" && dirty)
        ? "unsaved"
        : state;
  return (
    <Text
      size="sm"
      className={classes.status}
      data-state={shown ?? undefined}
      role="status"
      data-testid={`${scope}-save-status`}
    >
      {shown ? t(`siteSettings.${scope}.status.${shown}`) : null}
    </Text>
  );
}
