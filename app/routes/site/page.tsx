import { Container, Title } from "@mantine/core";
import { notFound, siteAccount } from "~/features/accounts/site-account.server";
import { PageBlocks } from "~/features/pages/components/page-blocks";
import { getPage } from "~/features/pages/pages.server";
import { servicesContext } from "~/platform/request-context";
import { canonicalUrl, seo } from "./seo";
import type { Route } from "./+types/page";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database } = context.get(servicesContext);
  const page = await getPage(database, { accountId: account.accountId, slug: params.pageSlug });
  if (!page) notFound();
  return { page, siteName: account.settings.sitetitle ?? account.slug, url: canonicalUrl(request) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, siteName, url } = loaderData;
  return seo({ title: page.title, siteName, description: page.description, url });
}

/** A page built from blocks: `/{pageSlug}`. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const startsWithHeading = page.blocks[0]?.type === "Heading";
  return (
    <Container size="md" py={48} component="article">
      {startsWithHeading ? null : <Title order={1}>{page.title}</Title>}
      <PageBlocks blocks={page.blocks} />
    </Container>
  );
}
