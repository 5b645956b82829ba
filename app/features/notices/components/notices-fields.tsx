import { Box, ColorInput, DEFAULT_THEME, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { parseColor, readableTextColor } from "~/platform/color-contrast";
import { cssColour } from "~/platform/safe-values";
import { customIssue, type FieldIssue } from "~/platform/field-issues";
import classes from "./notices.module.css";

/** Banner colours to pick from: strong ones for white text, pale ones for black. */
const swatches = [
  ...(["blue", "indigo", "violet", "teal", "red", "orange"] as const).map(
    (color) => DEFAULT_THEME.colors[color][8],
  ),
  DEFAULT_THEME.colors.dark[7],
  ...(["blue", "teal", "yellow", "gray"] as const).map((color) => DEFAULT_THEME.colors[color][1]),
];

/** A banner's background colour. */
export function NoticeColour({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <ColorInput
      label={label}
      description={t("siteSettings.notices.colourHelp")}
      format="hex"
      swatches={swatches}
      swatchesPerRow={6}
      withEyeDropper={false}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The colour is one the site can show (hex or rgb); otherwise an issue beside the field. */
export function colourIssues(path: string, value: string): FieldIssue[] {
  return parseColor(value) ? [] : [customIssue(path, "colour")];
}

/** How the banner will look: its colour, the readable text colour, the text. */
export function NoticeStrip({
  kind,
  text,
  background,
  testId,
}: {
  kind: "header" | "footer";
  text: string;
  background: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {t("siteSettings.notices.preview")}
      </Text>
      <Box
        className={classes.strip}
        data-kind={kind}
        data-testid={testId}
        style={{
          "--notice-bg": cssColour(background, "transparent"),
          "--notice-fg": readableTextColor(background),
        }}
      >
        {text.trim() ? (
          text
        ) : (
          <span className={classes.placeholder}>{t("siteSettings.notices.previewEmpty")}</span>
        )}
      </Box>
    </div>
  );
}
