import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import classes from "./platform.module.css";

/** The platform's own frame on the base domain (marketing site and, later, the console). */
export function PlatformFrame({ children, year }: { children: ReactNode; year: number }) {
  const { t } = useTranslation();
  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between">
            <Anchor component={Link} to="/" underline="never" className={classes.brand}>
              <span className={classes.mark} aria-hidden="true">
                L
              </span>
              Lyceum
            </Anchor>
            <Group gap="lg" visibleFrom="xs">
              <Anchor href="#features" c="dimmed">
                {t("platform.nav.features")}
              </Anchor>
              <Anchor href="#pricing" c="dimmed">
                {t("platform.nav.pricing")}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" className={classes.main}>
        {children}
      </Box>
      <Box component="footer" className={classes.footer}>
        <Container size="lg" py="lg">
          <Text size="sm" c="dimmed">
            {t("platform.footer", { year })}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
