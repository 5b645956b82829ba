import { siteNameOf } from "~/features/accounts/accounts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { siteAccount } from "~/features/accounts/accounts.server";
import { textIn } from "~/platform/i18n/messages.server";
import { servicesContext } from "~/platform/request-context";
import { useBrowserSearchParams } from "~/ui/browser-search";
import { NoticePage } from "~/features/site/site";
import { canonicalUrl, seo } from "~/features/site/site";
import { areaMessages } from "~/platform/i18n/area-messages.server";
import type { Route } from "./+types/thank-you";

export function loader({ context, request }: Route.LoaderArgs) {
  const account = siteAccount(context);
  const { lang } = context.get(servicesContext);
  return {
    title: textIn(lang, "sitePages.thankyou.title"),
    siteName: siteNameOf(account),
    url: canonicalUrl(request),
    messages: areaMessages(lang, "thankYouPage"),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  return [...seo(loaderData), { name: "robots", content: "noindex" }];
}

/** An order reference as shown back: letters, digits and dashes only, or nothing. */
const orderReference = /^[A-Za-z0-9-]{1,40}$/;

/**
 * `/thankyou`, where checkout and sign-up forms land. The `?order=` reference is shown back, read
 * in the browser: the server renders one page for everyone (it is cached) and no personal data.
 */
export default function ThankYou() {
  const { t } = useTranslation();
  const order = useBrowserSearchParams().get("order");
  return (
    <NoticePage
      title={t("sitePages.thankyou.title")}
      actions={[
        { label: t("sitePages.thankyou.dashboard"), to: "/dashboard/profile", primary: true },
        { label: t("sitePages.thankyou.courses"), to: "/course" },
      ]}
    >
      <Text size="lg">{t("sitePages.thankyou.text")}</Text>
      {order && orderReference.test(order) ? (
        <Text fw={600} data-testid="order-reference">
          {t("sitePages.thankyou.order", { order })}
        </Text>
      ) : null}
      <Text c="dimmed">{t("sitePages.thankyou.next")}</Text>
    </NoticePage>
  );
}
