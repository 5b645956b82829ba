import {
  Anchor,
  AspectRatio,
  Box,
  Container,
  Group,
  Image,
  Text,
  Title,
  Typography,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { storedHtmlClass } from "~/features/content/content";
import { dateFormat } from "~/platform/i18n/formats";
import type { PostDetail, Term } from "../posts.server";

export type PostScreenProps = {
  /** The post, its HTML already sanitised on the server. */
  post: PostDetail;
  /** The post's other languages (the content feature's switcher), shown under its date. */
  languages?: ReactNode;
  /** The featured image drawn by its owner (the media library's responsive picture). */
  featured?: ReactNode;
  /** What follows the post (its comments). */
  children?: ReactNode;
};

function TermLinks({
  terms,
  kind,
  label,
}: {
  terms: Term[];
  kind: "category" | "tag";
  label: string;
}) {
  if (terms.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size="sm" c="dimmed" id={`post-${kind}-label`}>
        {label}:
      </Text>
      <Group
        gap="xs"
        component="ul"
        aria-labelledby={`post-${kind}-label`}
        p={0}
        m={0}
        style={{ listStyle: "none" }}
      >
        {terms.map((term) => (
          <li key={term.slug}>
            <Anchor
              component={Link}
              to={`/blog/${kind}/${term.slug}`}
              size="sm"
              data-testid={`post-${kind}`}
            >
              {kind === "tag" ? `#${term.name}` : term.name}
            </Anchor>
          </li>
        ))}
      </Group>
    </Group>
  );
}

/** One blog post: cover, author, date, reading time, its categories and tags as links. */
export function PostScreen({ post, languages, featured, children }: PostScreenProps) {
  const { t, i18n } = useTranslation();
  // A translation's own words carry its language; the site's chrome around them keeps the site's.
  const lang = post.language ?? undefined;
  const date = post.publishedAt
    ? dateFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(post.publishedAt),
      )
    : null;
  return (
    <Container size="md" py={48}>
      <article>
        <Anchor component={Link} to="/blog" size="sm">
          ← {t("site.blog.title")}
        </Anchor>
        <Title order={1} mt="md" lang={lang}>
          {post.title}
        </Title>
        <Group gap="xs" mt="xs" wrap="wrap">
          {post.authorName ? (
            <Text c="dimmed" size="sm" data-testid="post-author">
              {t("site.blog.by", { name: post.authorName })}
            </Text>
          ) : null}
          {date ? (
            <Text c="dimmed" size="sm" data-testid="post-date">
              {t("site.publishedOn", { date })}
            </Text>
          ) : null}
          <Text c="dimmed" size="sm" data-testid="post-reading">
            {t("site.blog.readingTime", { minutes: post.readingMinutes })}
          </Text>
        </Group>
        <Group gap="lg" mt="sm">
          <TermLinks terms={post.categories} kind="category" label={t("site.blog.categories")} />
          <TermLinks terms={post.tags} kind="tag" label={t("site.blog.tags")} />
        </Group>
        {languages}
        {featured ? (
          <Box my="xl" style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }}>
            {featured}
          </Box>
        ) : post.featured ? (
          <AspectRatio ratio={16 / 9} my="xl">
            <Image src={post.featured} alt="" radius="md" fetchPriority="high" />
          </AspectRatio>
        ) : null}
        <Typography mt="lg" lang={lang}>
          <div
            className={storedHtmlClass}
            data-testid="post-body"
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
        </Typography>
      </article>
      {children}
    </Container>
  );
}
