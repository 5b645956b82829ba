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
import { useTranslation } from "~/platform/i18n/use-translation";
import { nativeLanguageName, type ContentLanguages } from "../content-languages";
import type { ContentStatus } from "../editing";
import { languageCodes, type LanguageCode } from "~/platform/i18n/languages";

/**
 * M2 M3 an item's languages (post, page or doc): a translation names its original; an original
 * lists its translations and adds one in any of the spec's other languages (a draft copy to
 * translate).
 */
export function ContentTranslations({
  languages,
  onTranslate,
  busy,
  editorHref,
  statusLabel,
}: {
  languages: ContentLanguages;
  onTranslate: (language: LanguageCode) => void;
  busy: boolean;
  /** Where the editor opens an item of this kind. */
  editorHref: (id: string) => string;
  statusLabel: (status: ContentStatus) => string;
}) {
  const { t } = useTranslation();
  const { siteLanguage, translationOf, translations } = languages;
  const taken = new Set<LanguageCode>([siteLanguage, ...translations.map((row) => row.language)]);
  const free = languageCodes.filter((code) => !taken.has(code));
  const [language, setLanguage] = useState<LanguageCode | "">(free[0] ?? "");

  return (
    <Paper withBorder p="md" radius="md" data-testid="content-translations">
      <Title order={2} size="h5" mb="sm">
        {t("content.translations.title")}
      </Title>
      {translationOf ? (
        <Stack gap="xs">
          <Text size="sm">
            {t("content.translations.of", {
              language: nativeLanguageName(translationOf.language),
              title: translationOf.title,
            })}
          </Text>
          <Anchor href={editorHref(translationOf.id)} size="sm">
            {t("content.translations.openOriginal")}
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            {t("content.translations.original", { language: nativeLanguageName(siteLanguage) })}
          </Text>
          {translations.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("content.translations.none")}
            </Text>
          ) : (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {translations.map((row) => (
                <Group key={row.id} component="li" gap="xs" justify="space-between">
                  <Anchor href={editorHref(row.id)} size="sm" lang={row.language}>
                    {nativeLanguageName(row.language)}
                  </Anchor>
                  <Badge size="sm" variant="light" color="gray" c="dark">
                    {statusLabel(row.status)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
          {free.length > 0 ? (
            <Group align="end" gap="xs" wrap="nowrap">
              <NativeSelect
                label={t("content.translations.language")}
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
                {t("content.translations.add")}
              </Button>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            {t("content.translations.sharedAddress")}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
