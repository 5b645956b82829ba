import { useTranslation } from "~/platform/i18n/use-translation";
import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openSettingsEditor,
} from "~/features/dashboard/dashboard.server";
import { FooterEditor, footerOption, footerPart } from "~/features/footer/footer";
import { headerOption } from "~/features/header/header";
import {
  footerNoticePart,
  headerNoticesSchema,
  NoticesSection,
  noticesPart,
} from "~/features/notices/notices";
import { FooterScriptsEditor, miscOption, scriptsPart } from "~/features/site/site";
import type { Route } from "./+types/site-footer";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteFooterPage"], async (database, request) => {
    const { siteName, options } = await openSettingsEditor(database, {
      ...request,
      options: [footerOption, headerOption, miscOption],
    });
    return {
      siteName,
      footer: options.footer ?? footerOption.schema.parse({}),
      notices: options.header?.notices ?? headerNoticesSchema.parse(undefined),
      scripts: options.misc?.scripts ?? "",
    };
  });
}

/** D16 saves: the footer's columns, either notice, or the custom scripts. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [footerPart, footerNoticePart, noticesPart, scriptsPart]);
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
