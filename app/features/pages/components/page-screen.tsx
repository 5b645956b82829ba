import { Container, Title } from "@mantine/core";
import type { PublishedPage } from "../pages.server";
import { BlocksHtml } from "./blocks-html";

export type PageScreenProps = {
  page: PublishedPage;
};

/** An account's page built from blocks; a first Heading or Hero block stands as its title. */
export function PageScreen({ page }: PageScreenProps) {
  return (
    <Container size="md" py={48} component="article">
      {page.blocksCarryTitle ? null : <Title order={1}>{page.title}</Title>}
      <BlocksHtml html={page.html} />
    </Container>
  );
}
