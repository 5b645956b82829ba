import { Badge, Box, Container, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { PostSummary } from "~/features/posts/posts.server";
import { PostCard } from "~/features/posts/posts";

/** An account's home page: its name, tagline and latest posts. */
export function SiteHome({
  title,
  description,
  posts,
}: {
  title: string;
  description: string;
  posts: PostSummary[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* data-site-hero: a transparent header (P8) lies over this band. */}
      <Box py={{ base: 48, sm: 80 }} bg="var(--mantine-primary-color-light)" data-site-hero>
        <Container size="lg">
          <Badge variant="filled" mb="md">
            {t("site.welcome")}
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 48 }}>
            {title}
          </Title>
          {description ? (
            <Text size="xl" c="dimmed" mt="sm" maw={640}>
              {description}
            </Text>
          ) : null}
        </Container>
      </Box>
      <Container size="lg" py={48}>
        <Title order={2} mb="lg">
          {t("site.latestPosts")}
        </Title>
        {posts.length === 0 ? (
          <Text c="dimmed">{t("site.noPosts")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} level={3} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}
