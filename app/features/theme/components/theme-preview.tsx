import {
  Badge,
  Button,
  Card,
  Group,
  MantineProvider,
  Paper,
  Text,
  Title,
  useComputedColorScheme,
  type MantineColorSchemeManager,
} from "@mantine/core";
import { useCallback, useMemo, useRef } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { ThemeValue } from "../theme-option";
import { accessibleColors, buildTheme } from "../mantine-theme";
import classes from "./theme-preview.module.css";

/** The preview follows the dashboard's scheme; it never reads or stores a choice of its own. */
const followScheme: MantineColorSchemeManager = {
  get: (fallback) => fallback,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

const previewSelector = "[data-theme-preview]";

/**
 * D16: a miniature of the public site — header bar, heading, text, buttons, cards and footer —
 * drawn with the theme being edited, before it is saved. A MantineProvider of its own scopes the
 * draft theme's CSS variables to this box; the page around it keeps the saved theme.
 */
export function ThemePreview({ theme, siteName }: { theme: ThemeValue; siteName: string }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // Same scheme as the page around it: Mantine's scheme rules match any ancestor's attribute.
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const { primaryColor, fontFamily, headingsFontFamily } = theme;
  const draft = useMemo(
    () => buildTheme({ primaryColor, fontFamily, headingsFontFamily }),
    [primaryColor, fontFamily, headingsFontFamily],
  );
  const getRootElement = useCallback(() => root.current ?? undefined, []);
  const p = (key: string, options?: Record<string, unknown>) =>
    t(`siteSettings.theme.preview.${key}`, options);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="theme-preview-title">
      <Title order={2} size="h4" id="theme-preview-title">
        {p("title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {p("text")}
      </Text>
      <div
        ref={root}
        data-theme-preview=""
        data-body-style={theme.bodyStyle}
        data-testid="theme-preview"
        className={classes.preview}
      >
        <MantineProvider
          theme={draft}
          cssVariablesSelector={previewSelector}
          deduplicateCssVariables={false}
          withGlobalClasses={false}
          colorSchemeManager={followScheme}
          defaultColorScheme={scheme}
          forceColorScheme={scheme}
          getRootElement={getRootElement}
          cssVariablesResolver={accessibleColors}
        >
          {/* A picture of the site: nothing in it can be focused or followed. */}
          <div className={classes.site} inert>
            <div className={classes.bar}>
              <span className={classes.brand}>{siteName}</span>
              <nav className={classes.nav} aria-label={p("menu")}>
                <span className={classes.current}>{p("courses")}</span>
                <span>{p("blog")}</span>
                <span>{p("about")}</span>
              </nav>
              <Button size="xs" data-testid="theme-preview-button">
                {p("signUp")}
              </Button>
            </div>
            <div className={classes.hero}>
              <Badge variant="light" mb="xs">
                {p("badge")}
              </Badge>
              <Title order={3} size="h2" mb="xs" data-testid="theme-preview-heading">
                {p("heading")}
              </Title>
              <Text c="dimmed" mb="md" data-testid="theme-preview-text">
                {p("body")}
              </Text>
              <Group gap="sm">
                <Button>{p("primary")}</Button>
                <Button variant="default">{p("secondary")}</Button>
              </Group>
            </div>
            <div className={classes.cards}>
              {(["first", "second"] as const).map((card) => (
                <Card key={card} withBorder radius="md" padding="sm">
                  <Title order={4} size="h5" mb={4}>
                    {p(`cards.${card}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed" mb="xs">
                    {p(`cards.${card}.text`)}
                  </Text>
                  <Text size="sm" fw={600} c="var(--mantine-color-anchor)">
                    {p("viewCourse")}
                  </Text>
                </Card>
              ))}
            </div>
            <div className={classes.footer}>{p("footer", { name: siteName })}</div>
          </div>
        </MantineProvider>
      </div>
    </Paper>
  );
}
