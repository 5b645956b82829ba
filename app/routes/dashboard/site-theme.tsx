import { useTranslation } from "react-i18next";
import { optionSchemas } from "~/features/options/validation";
import { ThemeEditor } from "~/features/site-settings/components/theme-editor";
import { openSettingsEditor } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/site-theme";
import { SettingsPage, settingsMeta } from "./settings-page";
import { answerSettingsPartSave, loadSettingsScreen } from "./settings-route.server";

export async function loader(args: Route.LoaderArgs) {
  return loadSettingsScreen(args, ["siteThemePage"], async (database, request) => {
    const { siteName, options } = await openSettingsEditor(database, {
      ...request,
      keys: ["theme"],
    });
    return { siteName, theme: options.theme ?? optionSchemas.theme.parse({}) };
  });
}

/** D16 save: the theme option, through the settings' one use case. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, ["theme"]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageTheme.title",
    fallback: "Theme",
  });
}

export default function SiteTheme({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t("siteSettings.theme.title")}
      intro={t("siteSettings.theme.intro")}
      size="xl"
      gap="lg"
    >
      <ThemeEditor saved={loaderData.theme} siteName={loaderData.siteName} />
    </SettingsPage>
  );
}
