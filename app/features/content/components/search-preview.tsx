import { Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./search-preview.module.css";

/** How a search result might show the item: its title, address and description, cut as engines do. */
export function SearchPreview({
  title,
  url,
  description,
}: {
  title: string;
  url: string;
  description: string;
}) {
  const { t } = useTranslation();
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={t("content.seo.preview")} role="group">
      <Text size="xs" c="dimmed" mb={2}>
        {t("content.seo.preview")}
      </Text>
      <Text size="xs" className={classes.url}>
        {url}
      </Text>
      <Text size="md" className={classes.title} fw={500} lineClamp={1}>
        {cut(title, 60) || t("content.seo.untitled")}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {cut(description, 160)}
      </Text>
    </Paper>
  );
}
