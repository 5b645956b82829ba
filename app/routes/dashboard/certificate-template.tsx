import { Alert, Container } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { siteNameOf } from "~/features/accounts/accounts";
import {
  CertificateTemplateEditor,
  certificateTemplatePart,
} from "~/features/certificates/certificates";
import {
  certificatesAvailable,
  loadCertificateTemplate,
} from "~/features/certificates/certificates.server";
import { settingsMeta } from "~/features/dashboard/dashboard";
import {
  answerSettingsPartSave,
  loadDashboardScreen,
  openDashboardSection,
} from "~/features/dashboard/dashboard.server";
import type { Route } from "./+types/certificate-template";

/** The owner's certificate template: the managers of the site (the screen's rule). */
export async function loader(args: Route.LoaderArgs) {
  return loadDashboardScreen(args, ["certificateTemplate"], async (database, request) => {
    await openDashboardSection(database, request);
    const { accountId } = request.account;
    const template = await database.forAccount(accountId, (tx) =>
      loadCertificateTemplate(tx, { accountId }),
    );
    return {
      template,
      available: await certificatesAvailable(database, request.account),
      siteName: siteNameOf(request.account),
      siteLogo: request.account.settings.logo ?? "",
    };
  });
}

/** Saved through the options' one save, as every settings screen. */
export async function action(args: Route.ActionArgs) {
  return answerSettingsPartSave(args, [certificateTemplatePart]);
}

export function meta({ matches }: Route.MetaArgs) {
  return settingsMeta(matches, {
    titleKey: "dashboard.sections.manageCertificates.title",
    fallback: "Certificates",
  });
}

export default function CertificateTemplateScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="md">
      {loaderData.available ? null : (
        <Alert color="yellow" mb="md" title={t("certificates.template.addonOffTitle")}>
          {t("certificates.template.addonOff")}
        </Alert>
      )}
      <CertificateTemplateEditor
        saved={loaderData.template}
        siteName={loaderData.siteName}
        siteLogo={loaderData.siteLogo}
      />
    </Container>
  );
}
