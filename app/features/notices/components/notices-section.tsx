import { Divider, Stack } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FooterNotice, HeaderNotices } from "../notices-option";
import { FooterNoticeEditor } from "./notices-footer";
import { HeaderNoticeEditor } from "./notices-header";
import { SettingsSection } from "../../../ui/settings/settings-section";

/** D16 the site's two notices, each saved on its own. */
export function NoticesSection({
  header,
  footer,
}: {
  header: HeaderNotices;
  footer: FooterNotice;
}) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      titleId="notices-title"
      title={t("siteSettings.notices.title")}
      description={t("siteSettings.notices.text")}
      headingGap="lg"
      id="notices"
    >
      <Stack gap="lg">
        <HeaderNoticeEditor saved={header} />
        <Divider />
        <FooterNoticeEditor saved={footer} />
      </Stack>
    </SettingsSection>
  );
}
