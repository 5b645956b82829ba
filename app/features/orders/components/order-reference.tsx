import { Text } from "@mantine/core";
import { useTranslation } from "~/platform/i18n/use-translation";

/** Where the reference goes in the sentence (never a translation's own words). */
const slot = "{order}";

/**
 * The "Order reference: …" line of `/thankyou`, written with a slot for the reference that the
 * page's enhancer fills from the address (order-reference.ts); the cached page holds none.
 */
export function OrderReference() {
  const { t } = useTranslation();
  return (
    <template data-enhance="order-reference" data-slot={slot}>
      <Text fw={600} data-testid="order-reference">
        {t("sitePages.thankyou.order", { order: slot })}
      </Text>
    </template>
  );
}
