import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useBrowserSearchParams } from "~/ui/browser-search";
import { NoticePage } from "./notice-page";

/** An order reference as shown back: letters, digits and dashes only, or nothing. */
const orderReference = /^[A-Za-z0-9-]{1,40}$/;

/**
 * `/thankyou`, where checkout and sign-up forms land. The `?order=` reference is shown back, read
 * in the browser: the server renders one page for everyone (it is cached) and no personal data.
 * For the signed-in buyer of that order the route passes the order itself (never cached).
 */
export function ThankYouScreen({ order: placed }: { order?: ReactNode } = {}) {
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
      {placed ??
        (order && orderReference.test(order) ? (
          <Text fw={600} data-testid="order-reference">
            {t("sitePages.thankyou.order", { order })}
          </Text>
        ) : null)}
      <Text c="dimmed">{t("sitePages.thankyou.next")}</Text>
    </NoticePage>
  );
}
