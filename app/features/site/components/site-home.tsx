import { Badge, Box, Container, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PostSummary } from "~/features/posts/posts.server";
import { PostGrid } from "~/features/posts/posts";
import classes from "./site-home.module.css";

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
      <Box className={classes.hero} bg="var(--mantine-primary-color-light)" data-site-hero>
        <Container size="lg">
          <Badge variant="filled" mb="md">
            {t("site.welcome")}
          </Badge>
          <Title order={1}>{title}</Title>
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
        <PostGrid posts={posts} level={3} />
      </Container>
    </>
  );
}
