import { siteNameOf } from "~/features/accounts/accounts";
import { Button, Container, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { listPostsPage } from "~/features/posts/posts.server";
import { siteCacheContext } from "~/features/site/site.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { PostCard } from "~/features/posts/posts";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/blog";

export async function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1) notFound();
  const { database, lang } = context.get(servicesContext);
  // The post order (count and marks) is kept with the account's cached pages: no page reads
  // more than its own posts, however deep.
  const remember = context.get(siteCacheContext)?.remember;
  const result = await listPostsPage(database, { accountId: account.accountId, page, remember });
  if (page > result.pages) notFound();
  return {
    ...result,
    title: textIn(lang, "site.blog.title"),
    siteName: siteNameOf(account),
    url: canonicalUrl(request, page > 1 ? ["page"] : []),
    messages: areaMessages(lang, "siteContent"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seo({ title: loaderData.title, siteName: loaderData.siteName, url: loaderData.url });
}

/** The blog: newest posts first, nine a page. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, page, pages } = loaderData;
  return (
    <Container size="lg" py={48}>
      <Title order={1} mb="xl">
        {t("site.blog.title")}
      </Title>
      {posts.length === 0 ? (
        <Text c="dimmed">{t("site.noPosts")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} level={2} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 ? (
        <Group justify="space-between" mt="xl">
          {page > 1 ? (
            <Button component={Link} to={`/blog?page=${page - 1}`} variant="default">
              {t("site.blog.newer")}
            </Button>
          ) : (
            <span />
          )}
          <Text size="sm" c="dimmed">
            {t("site.blog.pageOf", { page, pages })}
          </Text>
          {page < pages ? (
            <Button component={Link} to={`/blog?page=${page + 1}`} variant="default">
              {t("site.blog.older")}
            </Button>
          ) : (
            <span />
          )}
        </Group>
      ) : null}
    </Container>
  );
}
