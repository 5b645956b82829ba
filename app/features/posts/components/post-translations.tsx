import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { nativeLanguageName } from "~/features/content/content";
import { languageCodes, type LanguageCode } from "~/platform/i18n/languages";
import type { PostLanguages } from "../post-editing";

/**
 * M2 a post's languages: a translation names its original; an original lists its translations
 * and adds one in any of the spec's other languages (a draft copy to translate).
 */
export function PostTranslations({
  languages,
  onTranslate,
  busy,
}: {
  languages: PostLanguages;
  onTranslate: (language: LanguageCode) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { siteLanguage, translationOf, translations } = languages;
  const taken = new Set<LanguageCode>([siteLanguage, ...translations.map((row) => row.language)]);
  const free = languageCodes.filter((code) => !taken.has(code));
  const [language, setLanguage] = useState<LanguageCode | "">(free[0] ?? "");

  return (
    <Paper withBorder p="md" radius="md" data-testid="post-translations">
      <Title order={2} size="h5" mb="sm">
        {t("posts.translations.title")}
      </Title>
      {translationOf ? (
        <Stack gap="xs">
          <Text size="sm">
            {t("posts.translations.of", {
              language: nativeLanguageName(translationOf.language),
              title: translationOf.title,
            })}
          </Text>
          <Anchor href={`/dashboard/post/${translationOf.id}`} size="sm">
            {t("posts.translations.openOriginal")}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {t("posts.translations.original", { language: nativeLanguageName(siteLanguage) })}
          </Text>
          {translations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("posts.translations.none")}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {translations.map((row) => (
                <Group key={row.id} component="li" gap="xs" justify="space-between">
                  <Anchor href={`/dashboard/post/${row.id}`} size="sm" lang={row.language}>
                    {nativeLanguageName(row.language)}
                  </Anchor>
                  <Badge size="sm" variant="light" color="gray" c="dark">
                    {t(`posts.status.${row.status}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
          {free.length > 0 ? (
            <Group align="end" gap="xs" wrap="nowrap">
              <NativeSelect
                label={t("posts.translations.language")}
                value={language}
                onChange={(event) => setLanguage(event.currentTarget.value as LanguageCode)}
                data={free.map((code) => ({ value: code, label: nativeLanguageName(code) }))}
                style={{ flex: 1 }}
              />
              <Button
                variant="light"
                disabled={!language || busy}
                onClick={() => language && onTranslate(language)}
              >
                {t("posts.translations.add")}
              </Button>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("posts.translations.sharedAddress")}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
