import { Text } from "@mantine/core";
import { ResponsiveSimpleGrid } from "~/ui/responsive-grid";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { PostSummary } from "../posts.server";
import { PostCard } from "./post-card";

export type PostGridProps = {
  posts: PostSummary[];
  /** The cards' heading level, one below the heading the grid sits under. */
  level: 2 | 3;
};

/** Posts as cards, three across on wide screens, or a line saying there are none yet. */
export function PostGrid({ posts, level }: PostGridProps) {
  const { t } = useTranslation();
  if (posts.length === 0) return <Text c="dimmed">{t("site.noPosts")}</Text>;
  return (
    <ResponsiveSimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} level={level} />
      ))}
    </ResponsiveSimpleGrid>
  );
}
