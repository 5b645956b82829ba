import type { ReactNode } from "react";
import { Anchor, AspectRatio, Box, Container, Image, Text, Title, Typography } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dateFormat } from "~/platform/i18n/formats";
import type { PostDetail } from "../posts.server";

export type PostScreenProps = {
  /** The post, its HTML already sanitised on the server. */
  post: PostDetail;
  /** The post's other languages (the content feature's switcher), shown under its date. */
  languages?: ReactNode;
  /** The featured image drawn by its owner (the media library's responsive picture). */
  featured?: ReactNode;
};

/** One blog post; its HTML was sanitised on the server. */
export function PostScreen({ post, languages, featured }: PostScreenProps) {
  const { t, i18n } = useTranslation();
  // A translation's own words carry its language; the site's chrome around them keeps the site's.
  const lang = post.language ?? undefined;
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
      <Title order={1} mt="md" lang={lang}>
        {post.title}
      </Title>
      {date ? (
        <Text c="dimmed" size="sm" mt="xs" data-testid="post-date">
          {t("site.publishedOn", { date })}
        </Text>
      ) : null}
      {languages}
      {featured ? (
        <Box my="xl" style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }}>
          {featured}
        </Box>
      ) : post.featured ? (
        <AspectRatio ratio={16 / 9} my="xl">
          <Image src={post.featured} alt="" radius="md" />
        </AspectRatio>
      ) : null}
      <Typography lang={lang}>
        <div data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </Typography>
    </Container>
  );
}
