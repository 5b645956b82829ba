import { siteNameOf } from "~/features/accounts/accounts";
import { Anchor, AspectRatio, Container, Image, Text, Title, Typography } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { notFound, siteAccount } from "~/features/accounts/accounts.server";
import { getPost } from "~/features/posts/posts.server";
import { servicesContext } from "~/platform/request-context";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/blog-post";
import { dateFormat } from "~/platform/i18n/formats";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { database, lang } = context.get(servicesContext);
  const post = await getPost(database, { accountId: account.accountId, slug: params.slug });
  if (!post) notFound();
  return {
    post,
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "siteContent"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post, siteName, url } = loaderData;
  return seo({ title: post.title, siteName, description: post.excerpt, url, image: post.featured });
}

/** One blog post; its HTML was sanitised on the server. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { post } = loaderData;
  const date = post.publishedAt
    ? dateFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(post.publishedAt),
      )
    : null;
  return (
    <Container size="md" py={48} component="article">
      <Anchor component={Link} to="/blog" size="sm">
        ← {t("site.blog.title")}
      </Anchor>
      <Title order={1} mt="md">
        {post.title}
      </Title>
      {date ? (
        <Text c="dimmed" size="sm" mt="xs">
          {t("site.publishedOn", { date })}
        </Text>
      ) : null}
      {post.featured ? (
        <AspectRatio ratio={16 / 9} my="xl">
          <Image src={post.featured} alt="" radius="md" />
        </AspectRatio>
      ) : null}
      <Typography>
        <div data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </Typography>
    </Container>
  );
}
