import { Box, NavLink, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { DocLink } from "../pages.server";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import classes from "./docs-layout.module.css";

/** The account's documentation: a sidebar of its docs beside the current one (or the index). */
export function DocsLayout({
  docs,
  current,
  children,
}: {
  docs: DocLink[];
  /** The doc being read; none on the index. */
  current?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ResponsiveGrid gap="lg" gapFromMd={48}>
      <ResponsiveCol span={3} from="md">
        <Paper
          component="nav"
          aria-label={t("sitePages.docs.contents")}
          withBorder
          radius="md"
          p="xs"
          className={classes.sidebar}
          top={96}
          data-testid="docs-sidebar"
        >
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
            {t("sitePages.docs.contents")}
          </Text>
          <NavLink
            component={Link}
            to="/docs"
            label={t("sitePages.docs.title")}
            active={!current}
            aria-current={!current ? "page" : undefined}
          />
          {docs.map((doc) => (
            <NavLink
              key={doc.slug}
              component={Link}
              to={`/docs/${doc.slug}`}
              label={doc.title}
              pl={`calc(var(--mantine-spacing-sm) + ${doc.depth} * var(--mantine-spacing-md))`}
              active={doc.slug === current}
              aria-current={doc.slug === current ? "page" : undefined}
            />
          ))}
        </Paper>
      </ResponsiveCol>
      <ResponsiveCol span={9} from="md">
        <Box component="article">{children}</Box>
      </ResponsiveCol>
    </ResponsiveGrid>
  );
}
