import { Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
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

type SeoField = "seoTitle" | "seoDescription" | "seoImage";

/**
 * What search engines and shared links show of an item (post, page or doc): its own title,
 * description and image, each falling back to the item's, with the result's preview.
 */
export function SeoPanel({
  bind,
  preview,
}: {
  bind: (key: SeoField) => {
    value: string;
    error: string | undefined;
    onChange: (event: { currentTarget: { value: string } }) => void;
  };
  preview: { title: string; url: string; description: string };
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="sm">
        {t("content.seo.title")}
      </Title>
      <Stack gap="sm">
        <TextInput label={t("content.seo.metaTitle")} {...bind("seoTitle")} />
        <Textarea
          label={t("content.seo.metaDescription")}
          autosize
          minRows={2}
          {...bind("seoDescription")}
        />
        <TextInput label={t("content.seo.socialImage")} {...bind("seoImage")} />
        <SearchPreview {...preview} />
      </Stack>
    </Paper>
  );
}
