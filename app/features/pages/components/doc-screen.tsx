import { Button, Container, Group, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { DocLink, PublishedPage } from "../pages.server";
import { DocsLayout } from "./docs-layout";
import { BlocksHtml } from "./blocks-html";

export type DocScreenProps = {
  doc: PublishedPage;
  /** Every published doc in reading order, the one read among them. */
  docs: DocLink[];
  /** The doc's other languages (the content feature's switcher). */
  languages?: ReactNode;
  /** What follows the doc's words (a members-only call to action). */
  children?: ReactNode;
};

/** `/docs/{slug}`: one doc, with the sidebar and the previous and next docs. */
export function DocScreen({ doc, docs, languages, children }: DocScreenProps) {
  const { t } = useTranslation();
  const index = docs.findIndex((d) => d.slug === doc.slug);
  const previous = index > 0 ? docs[index - 1] : undefined;
  const next = index >= 0 ? docs[index + 1] : undefined;
  return (
    <Container size="lg" py={48}>
      <DocsLayout docs={docs} current={doc.slug}>
        <Title order={1} lang={doc.language ?? undefined}>
          {doc.title}
        </Title>
        {languages}
        <div lang={doc.language ?? undefined}>
          <BlocksHtml html={doc.html} />
        </div>
        {children}
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
