import { Card, Container, Text, Title } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { DocLink } from "../pages.server";
import { DocsLayout } from "./docs-layout";

export type DocsScreenProps = {
  /** The published docs in reading order. */
  docs: DocLink[];
  siteName: string;
};

/** `/docs`: the account's documentation index, every published doc with its summary. */
export function DocsScreen({ docs, siteName }: DocsScreenProps) {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={48}>
      <DocsLayout docs={docs}>
        <Title order={1}>{t("sitePages.docs.title")}</Title>
        <Text c="dimmed" size="lg" mt="xs" mb="xl">
          {t("sitePages.docs.text", { site: siteName })}
        </Text>
        {docs.length === 0 ? (
          <Text c="dimmed">{t("sitePages.docs.empty")}</Text>
        ) : (
          <ResponsiveSimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {docs.map((doc) => (
              <Card
                key={doc.slug}
                component={Link}
                to={`/docs/${doc.slug}`}
                withBorder
                radius="md"
                padding="lg"
                data-testid="doc-card"
              >
                <Text fw={700}>{doc.title}</Text>
                {doc.description ? (
                  <Text size="sm" c="dimmed" mt={4}>
                    {doc.description}
                  </Text>
                ) : null}
              </Card>
            ))}
          </ResponsiveSimpleGrid>
        )}
      </DocsLayout>
    </Container>
  );
}
