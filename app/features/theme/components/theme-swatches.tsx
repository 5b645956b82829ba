import { DEFAULT_THEME, Text, VisuallyHidden } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { primaryColorSchema, type ThemeValue } from "../theme-option";
import { readableTextColor } from "~/platform/color-contrast";
import classes from "./theme-swatches.module.css";

type PrimaryColor = ThemeValue["primaryColor"];

/** The palette the theme option allows, in the schema's order. */
export const primaryColors = primaryColorSchema.unwrap().options;

const swatchOf = (color: PrimaryColor) => DEFAULT_THEME.colors[color][6];

/**
 * The primary colour as a row of swatches: real radio buttons (arrow keys move between them,
 * screen readers hear the colour's name) drawn as coloured dots.
 */
export function ThemeSwatches({
  value,
  onChange,
  error,
}: {
  value: PrimaryColor;
  onChange: (color: PrimaryColor) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const name = (color: PrimaryColor) => t(`siteSettings.theme.colors.${color}`);
  return (
    <fieldset className={classes.fieldset} aria-describedby="theme-colour-help">
      <Text component="legend" size="sm" fw="var(--mantine-font-weight-medium)" mb={2}>
        {t("siteSettings.theme.primaryColor")}
      </Text>
      <Text id="theme-colour-help" size="xs" c="dimmed" mb="xs">
        {t("siteSettings.theme.primaryColorHelp", { color: name(value) })}
      </Text>
      <div className={classes.swatches} data-testid="theme-swatches">
        {primaryColors.map((color) => (
          <label key={color} className={classes.swatch} title={name(color)}>
            <input
              type="radio"
              name="primaryColor"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className={classes.radio}
            />
            <span className={classes.dot} style={{ background: swatchOf(color) }} aria-hidden>
              {value === color ? (
                <IconCheck
                  size={18}
                  stroke={3}
                  color={readableTextColor(swatchOf(color))}
                  aria-hidden
                />
              ) : null}
            </span>
            <VisuallyHidden>{name(color)}</VisuallyHidden>
          </label>
        ))}
      </div>
      {error ? (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
