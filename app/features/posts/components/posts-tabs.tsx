import { Button, Group } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";

const tabs = [
  { id: "posts", to: "/dashboard/posts" },
  { id: "comments", to: "/dashboard/posts/comments" },
] as const;

/** The posts screen's two views, as links (each its own address): the posts and their comments. */
export function PostsTabs({ active }: { active: (typeof tabs)[number]["id"] }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t("posts.tabs.label")} gap="xs" mb="md">
      {tabs.map((tab) => (
        <Button
          key={tab.id}
          component={Link}
          to={tab.to}
          size="compact-md"
          variant={tab.id === active ? "filled" : "default"}
          aria-current={tab.id === active ? "page" : undefined}
        >
          {t(`posts.tabs.${tab.id}`)}
        </Button>
      ))}
    </Group>
  );
}
