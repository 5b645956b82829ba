import { AspectRatio, Card, Image, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { PostSummary } from "~/features/posts/posts.server";
import { dateFormat } from "~/platform/i18n/formats";

/** A post in a list: picture, date, title and excerpt, linking to the post. */
/** `level`: the card title's heading level, one below the heading the list sits under. */
export function PostCard({ post, level }: { post: PostSummary; level: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const date = post.publishedAt
    ? dateFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(post.publishedAt),
      )
    : null;
  return (
    <Card
      component={Link}
      to={`/blog/${post.slug}`}
      withBorder
      padding="lg"
      radius="md"
      data-testid="post-card"
    >
      {post.featured ? (
        <Card.Section>
          <AspectRatio ratio={16 / 9}>
            <Image src={post.featured} alt="" />
          </AspectRatio>
        </Card.Section>
      ) : null}
      <Stack gap={6} mt="md">
        {date ? (
          <Text size="xs" c="dimmed" data-testid="post-date">
            {t("site.publishedOn", { date })}
          </Text>
        ) : null}
        <Title order={level} fz="lg">
          {post.title}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {post.excerpt}
        </Text>
      </Stack>
    </Card>
  );
}
