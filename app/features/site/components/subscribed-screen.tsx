import { Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";
import { NoticePage } from "./notice-page";

export type SubscribedScreenProps = {
  siteName: string;
};

/** `/subscribed`: a newsletter subscription is confirmed. */
export function SubscribedScreen({ siteName }: SubscribedScreenProps) {
  const { t } = useTranslation();
  return (
    <NoticePage
      title={t("sitePages.subscribed.title")}
      actions={[
        { label: t("sitePages.subscribed.blog"), to: "/blog", primary: true },
        { label: t("sitePages.subscribed.home"), to: "/" },
      ]}
    >
      <Text size="lg">{t("sitePages.subscribed.text", { site: siteName })}</Text>
      <Text c="dimmed">{t("sitePages.subscribed.next")}</Text>
    </NoticePage>
  );
}
