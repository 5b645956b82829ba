import { Container, Title } from "@mantine/core";
import type { PublishedPage } from "../pages.server";
import { PageBlocks } from "./page-blocks";

export type PageScreenProps = {
  page: PublishedPage;
};

/** An account's page built from blocks; a first Heading block stands as its title. */
export function PageScreen({ page }: PageScreenProps) {
  const startsWithHeading = page.blocks[0]?.type === "Heading";
  return (
    <Container size="md" py={48} component="article">
      {startsWithHeading ? null : <Title order={1}>{page.title}</Title>}
      <PageBlocks blocks={page.blocks} headingIsTitle={startsWithHeading} />
    </Container>
  );
}
