import { useTranslation } from "~/platform/i18n/use-translation";
import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openSettingsEditor,
} from "~/features/dashboard/dashboard.server";
import { ThemeEditor, themeOption, themePart } from "~/features/theme/theme";
import type { Route } from "./+types/site-theme";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteThemePage"], async (database, request) => {
    const { siteName, options } = await openSettingsEditor(database, {
      ...request,
      options: [themeOption],
    });
    return { siteName, theme: options.theme ?? themeOption.schema.parse({}) };
  });
}

/** D16 save: the theme option, through the options' one save. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [themePart]);
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
