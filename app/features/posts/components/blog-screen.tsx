import { Button, Container, Group, Text, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import type { PostSummary } from "../posts.server";
import { PostGrid } from "./post-grid";

export type BlogScreenProps = {
  /** This page's posts, newest first. */
  posts: PostSummary[];
  /** The page shown, from 1. */
  page: number;
  /** How many pages the blog has. */
  pages: number;
  /** The heading: the blog's own, or an archive's ("Category: News"). */
  title?: string;
  /** Where the pages live: `/blog`, or an archive's address. */
  basePath?: string;
};

/** The blog: newest posts first, nine a page. */
export function BlogScreen({ posts, page, pages, title, basePath = "/blog" }: BlogScreenProps) {
  const { t } = useTranslation();
  const pageLink = (n: number) =>
    n === 1 && basePath !== "/blog" ? basePath : `${basePath}?page=${n}`;
  return (
    <Container size="lg" py={48}>
      <Title order={1} mb="xl">
        {title ?? t("site.blog.title")}
      </Title>
      <PostGrid posts={posts} level={2} />
      {pages > 1 ? (
        <Group justify="space-between" mt="xl">
          {page > 1 ? (
            <Button component={Link} to={pageLink(page - 1)} variant="default">
              {t("site.blog.newer")}
            </Button>
          ) : (
            <span />
          )}
          <Text size="sm" c="dimmed">
            {t("site.blog.pageOf", { page, pages })}
          </Text>
          {page < pages ? (
            <Button component={Link} to={pageLink(page + 1)} variant="default">
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
