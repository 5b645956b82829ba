import { siteNameOf } from "~/features/accounts/accounts";
import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { AccountSummary } from "~/features/accounts/accounts";
import { readableTextColor } from "~/platform/color-contrast";
import { cssColour } from "~/platform/safe-values";
import type { FooterValue } from "../footer-option";
import { SiteLink } from "../../../ui/site-link";
import { SiteLogo } from "~/features/header/header";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import classes from "./site-footer.module.css";

/**
 * The footer (P13): the optional footer notice, columns of links or text, and a bottom row with
 * the logo, the owner's line and links. The custom scripts block is mounted by the frame.
 */
export function SiteFooter({
  account,
  footer,
}: {
  account: AccountSummary;
  footer: FooterValue | undefined;
}) {
  const { t } = useTranslation();
  const siteTitle = siteNameOf(account);
  const columns = footer?.footer_columns ?? [];
  const bottomLinks = footer?.footer_bottom_links ?? [];
  // A colour, whatever was stored: the style attribute holds nothing else.
  const noticeBg = cssColour(footer?.footer_notice_bg, "#f1f3f5");
  return (
    <Box component="footer" className={classes.footer}>
      {footer?.enable_footer_notice && footer.footer_notice ? (
        <Box
          py="sm"
          px="md"
          ta="center"
          data-testid="footer-notice"
          className={classes.footerNotice}
          style={{ "--notice-bg": noticeBg, "--notice-fg": readableTextColor(noticeBg) }}
        >
          <Text size="sm" c="inherit">
            {footer.footer_notice}
          </Text>
        </Box>
      ) : null}
      <Container size="lg" py="xl">
        {columns.length > 0 ? (
          <ResponsiveGrid gap="xl" mb="xl">
            {columns.map((column, index) => (
              <ResponsiveCol key={index} span={column.width} from="sm">
                <Title order={2} fz="md" mb="sm">
                  {column.title}
                </Title>
                {column.type === "text" || typeof column.data === "string" ? (
                  <Text size="sm" c="dimmed" className={classes.columnText}>
                    {typeof column.data === "string" ? column.data : ""}
                  </Text>
                ) : (
                  <Stack gap={6} component="ul" className={classes.linkList}>
                    {column.data.map((link) => (
                      <li key={link.url + link.label}>
                        <SiteLink url={link.url} size="sm" c="dimmed">
                          {link.label}
                        </SiteLink>
                      </li>
                    ))}
                  </Stack>
                )}
              </ResponsiveCol>
            ))}
          </ResponsiveGrid>
        ) : null}
        <Group justify="space-between" pt="md" gap="md" className={classes.bottom}>
          <Group gap="sm" wrap="nowrap">
            <Link to="/" className={classes.brand} aria-label={siteTitle}>
              <SiteLogo account={account} scale={0.75} />
            </Link>
            <Text size="sm" c="dimmed">
              {footer?.footer_bottom || `© ${siteTitle}`}
            </Text>
          </Group>
          <Group gap="md" component="nav" aria-label={t("chrome.footerLinks")}>
            {bottomLinks.map((link) => (
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
