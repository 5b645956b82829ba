import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { orderReferenceSlot } from "../order-reference";

/**
 * The "Order reference: …" line of `/thankyou`, written with a slot for the reference that the
 * page's enhancer fills from the address (orders.enhancers.ts); the cached page holds none.
 */
export function OrderReference() {
  const { t } = useTranslation();
  return (
    <template data-enhance="order-reference">
      <Text fw={600} data-testid="order-reference">
        {t("sitePages.thankyou.order", { order: orderReferenceSlot })}
      </Text>
    </template>
  );
}
