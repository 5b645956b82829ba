import { Box, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SiteChrome } from "../site.server";
import { SiteLink } from "./site-link";
import classes from "./site-frame.module.css";

export function SiteFooter({
  footer,
  siteTitle,
}: {
  footer: SiteChrome["footer"];
  siteTitle: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      {footer?.enable_footer_notice && footer.footer_notice ? (
        <Box bg={footer.footer_notice_bg} py="xs" ta="center">
          <Text size="sm">{footer.footer_notice}</Text>
        </Box>
      ) : null}
      <Container size="lg" py="xl">
        <Grid gap="xl">
          {(footer?.footer_columns ?? []).map((column, index) => (
            <Grid.Col key={index} span={{ base: 12, sm: column.width }}>
              <Title order={4} mb="sm">
                {column.title}
              </Title>
              {typeof column.data === "string" ? (
                <Text size="sm" c="dimmed">
                  {column.data}
                </Text>
              ) : (
                <Stack gap={6}>
                  {column.data.map((link) => (
                    <SiteLink key={link.url + link.label} url={link.url} size="sm" c="dimmed">
                      {link.label}
                    </SiteLink>
                  ))}
                </Stack>
              )}
            </Grid.Col>
          ))}
        </Grid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom}>
          <Text size="sm" c="dimmed">
            {footer?.footer_bottom || `© ${siteTitle}`}
          </Text>
          <Group gap="md">
            {(footer?.footer_bottom_links ?? []).map((link) => (
              <SiteLink key={link.url + link.label} url={link.url} size="sm" c="dimmed">
                {link.label}
              </SiteLink>
            ))}
            <Text size="xs" c="dimmed">
              {t("site.poweredBy", { name: "Lyceum" })}
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
