import { Container, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { PublishedPage } from "../pages.server";
import { BlocksHtml } from "./blocks-html";

export type PageScreenProps = {
  page: PublishedPage;
  /** The page's other languages (the content feature's switcher). */
  languages?: ReactNode;
};

/** An account's page built from blocks; a first Heading or Hero block stands as its title. */
export function PageScreen({ page, languages }: PageScreenProps) {
  return (
    <Container size="md" py={48} component="article">
      {/* A translation's words carry their language; the switcher is in the site's. */}
      <div lang={page.language ?? undefined}>
        {page.blocksCarryTitle ? null : <Title order={1}>{page.title}</Title>}
        <BlocksHtml html={page.html} />
      </div>
      {languages}
    </Container>
  );
}
