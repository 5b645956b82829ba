import { Anchor, Group, Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { nativeLanguageName, type LanguageVersion } from "../content-languages";

/**
 * The versions of a page, post or doc, each named in its own language and linked to its
 * address: plain links, so it works without JavaScript and crawlers follow them.
 */
export function LanguageSwitcher({ versions }: { versions: readonly LanguageVersion[] }) {
  const { t } = useTranslation();
  if (versions.length < 2) return null;
  return (
    <Group
      component="nav"
      aria-label={t("site.languages")}
      gap="xs"
      data-testid="language-switcher"
    >
      <Text size="sm" c="dimmed" component="span">
        {t("site.languages")}:
      </Text>
      {versions.map(({ language, choose, current }) => (
        <Anchor
          key={language}
          href={new URL(choose).pathname + new URL(choose).search}
          size="sm"
          lang={language}
          hrefLang={language}
          aria-current={current ? "page" : undefined}
          fw={current ? 700 : undefined}
        >
          {nativeLanguageName(language)}
        </Anchor>
      ))}
    </Group>
  );
}
