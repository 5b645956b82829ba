import { useTranslation } from "react-i18next";
import { optionSchemas } from "~/features/options/validation";
import { FooterEditor } from "~/features/site-settings/components/footer-editor";
import { FooterScriptsEditor } from "~/features/site-settings/components/footer-scripts";
import { NoticesSection } from "~/features/site-settings/components/notices-section";
import { openSettingsEditor } from "~/features/site-settings/site-settings.server";
import type { Route } from "./+types/site-footer";
import { SettingsPage, settingsMeta } from "./settings-page";
import { answerSettingsPartSave, loadSettingsScreen } from "./settings-route.server";

export async function loader(args: Route.LoaderArgs) {
  return loadSettingsScreen(args, ["siteFooterPage"], async (database, request) => {
    const { siteName, options } = await openSettingsEditor(database, {
      ...request,
      keys: ["footer", "header", "misc"],
    });
    return {
      siteName,
      footer: options.footer ?? optionSchemas.footer.parse({ footer_columns: [] }),
      notices: options.header?.notices ?? optionSchemas.header.shape.notices.parse(undefined),
      scripts: options.misc?.scripts ?? "",
    };
  });
}

/** D16 saves: the footer's columns, either notice, or the custom scripts. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, ["footer", "footerNotice", "notices", "scripts"]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageFooter.title",
    fallback: "Footer",
  });
}

export default function SiteFooter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { footer, notices, scripts, siteName } = loaderData;
  return (
    <SettingsPage
      title={t("siteSettings.footer.title")}
      intro={t("siteSettings.footer.intro")}
      size="md"
      gap="lg"
    >
      <FooterEditor saved={footer} siteName={siteName} />
      <NoticesSection header={notices} footer={footer} />
      <FooterScriptsEditor saved={scripts} />
    </SettingsPage>
  );
}
