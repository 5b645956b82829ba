import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SettingsPage, settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openSettingsEditor,
} from "~/features/dashboard/dashboard.server";
import {
  headerOption,
  headerPart,
  HeaderPreview,
  HeaderSettingsForm,
  LogoSettings,
  MobilePreview,
} from "~/features/header/header";
import { headerEditorData } from "~/features/header/header.server";
import { editableMenus, MenuEditor, menusOption } from "~/features/menus/menus";
import { menusSavePart } from "~/features/menus/menus.server";
import type { Route } from "./+types/site-header";

export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["siteHeaderPage"], async (database, request) => {
    const { section, siteName, options } = await openSettingsEditor(database, {
      ...request,
      options: [headerOption, menusOption],
    });
    return {
      section,
      siteTitle: siteName,
      slug: request.account.slug,
      ...headerEditorData({ account: request.account, ...options }),
    };
  });
}

/** D16 save of the header's style and switches, and of the menus (the logo is the account's). */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [headerPart, menusSavePart]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageHeader.title",
    fallback: "Header, logo and menu",
  });
}

/** D16: header style and switches, logo, and the header and mobile menus, each with a preview. */
export default function SiteHeaderEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [header, setHeader] = useState(loaderData.header);
  const [branding, setBranding] = useState(loaderData.branding);
  const [initialMenus] = useState(() => editableMenus(loaderData.menus));
  const [menus, setMenus] = useState(initialMenus);
  return (
    <SettingsPage
      title={t("dashboard.sections.manageHeader.title")}
      intro={t("siteSettings.header.intro")}
      size="lg"
      gap="xl"
    >
      <HeaderSettingsForm value={header} onChange={setHeader} initial={loaderData.header} />
      <LogoSettings
        value={branding}
        onChange={setBranding}
        initial={loaderData.branding}
        siteTitle={loaderData.siteTitle}
      />
      <MenuEditor
        value={menus}
        onChange={setMenus}
        initial={initialMenus}
        renderPreview={(kind, items) =>
          kind === "header" ? (
            <HeaderPreview
              header={header}
              branding={branding}
              siteTitle={loaderData.siteTitle}
              slug={loaderData.slug}
              items={items}
            />
          ) : (
            <MobilePreview items={items} siteTitle={loaderData.siteTitle} />
          )
        }
      />
    </SettingsPage>
  );
}
