import { siteNameOf } from "~/features/accounts/accounts";
import { Card, Container, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { siteAccount } from "~/features/accounts/accounts.server";
import { DocsLayout } from "~/features/pages/pages";
import { listDocs } from "~/features/pages/pages.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/docs";

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const siteName = siteNameOf(account);
  return {
    docs: await listDocs(database, { accountId: account.accountId }),
    siteName,
    title: textIn(lang, "sitePages.docs.title"),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "docsPages"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { title, siteName, url } = loaderData;
  return seo({ title, siteName, url, description: `${title} · ${siteName}` });
}

/** `/docs`: the account's documentation index, every published doc with its summary. */
export default function Docs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { docs, siteName } = loaderData;
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
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
          </SimpleGrid>
        )}
      </DocsLayout>
    </Container>
  );
}
