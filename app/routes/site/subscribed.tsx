import { siteNameOf } from "~/features/accounts/accounts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { NoticePage } from "~/features/site/site";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/subscribed";

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.subscribed.title"),
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "subscribedPage"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

/** `/subscribed`: a newsletter subscription is confirmed. */
export default function Subscribed({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <NoticePage
      title={t("sitePages.subscribed.title")}
      actions={[
        { label: t("sitePages.subscribed.blog"), to: "/blog", primary: true },
        { label: t("sitePages.subscribed.home"), to: "/" },
      ]}
    >
      <Text size="lg">{t("sitePages.subscribed.text", { site: loaderData.siteName })}</Text>
      <Text c="dimmed">{t("sitePages.subscribed.next")}</Text>
    </NoticePage>
  );
}
