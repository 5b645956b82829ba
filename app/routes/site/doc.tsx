import { siteNameOf } from "~/features/accounts/accounts";
import { Button, Container, Group, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { DocsLayout } from "~/features/pages/pages";
import { PageBlocks } from "~/features/pages/pages";
import { getPage, listDocs } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/doc";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const accountId = account.accountId;
  const doc = await getPage(database, { accountId, slug: params.slug, kind: "doc" });
  if (!doc) notFound();
  return {
    doc,
    docs: await listDocs(database, { accountId }),
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "docsPages"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc, siteName, url } = loaderData;
  return seo({ title: doc.title, siteName, description: doc.description, url });
}

/** `/docs/{slug}`: one doc, with the sidebar and the previous and next docs. */
export default function Doc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { doc, docs } = loaderData;
  const index = docs.findIndex((d) => d.slug === doc.slug);
  const previous = index > 0 ? docs[index - 1] : undefined;
  const next = index >= 0 ? docs[index + 1] : undefined;
  return (
    <Container size="lg" py={48}>
      <DocsLayout docs={docs} current={doc.slug}>
        <Title order={1}>{doc.title}</Title>
        <PageBlocks blocks={doc.blocks} />
        <Group justify="space-between" mt="xl">
          {previous ? (
            <Button
              component={Link}
              to={`/docs/${previous.slug}`}
              variant="default"
              aria-label={`${t("sitePages.docs.previous")}: ${previous.title}`}
            >
              ← {previous.title}
            </Button>
          ) : (
            <span />
          )}
          {next ? (
            <Button
              component={Link}
              to={`/docs/${next.slug}`}
              variant="light"
              aria-label={`${t("sitePages.docs.next")}: ${next.title}`}
            >
              {next.title} →
            </Button>
          ) : null}
        </Group>
      </DocsLayout>
    </Container>
  );
}
