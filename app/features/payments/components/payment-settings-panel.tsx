import { Alert, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SavedToast } from "~/ui/saved-toast";
import type { ProviderSettingsView } from "../provider-shapes";
import { paymentApi, type PaymentScope } from "./payment-api";
import { ProviderCard } from "./provider-card";

export type PaymentSettingsPanelProps = {
  /** The providers' settings when the route's loader has them; else the panel asks the API. */
  providers?: ProviderSettingsView[];
  /** The platform's own providers (the console), else the host site's. */
  scope?: PaymentScope;
};

/**
 * The Payments tab of `/dashboard/manage/ecommerce` (issue 16, managers): each provider's
 * switch and keys (secrets write-only: "set ••••1234", kept when left empty), the webhook
 * address for the provider's dashboard, and the offline bank-transfer instructions. Reads and
 * saves through `/api/payments/providers`.
 */
export function PaymentSettingsPanel({ providers: given, scope }: PaymentSettingsPanelProps) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<ProviderSettingsView[] | null>(given ?? null);
  const [failed, setFailed] = useState(false);
  const [toast, setToast] = useState<{ message: string; id: number } | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    if (given) return;
    let live = true;
    paymentApi.list(scope).then(
      (answer) => live && setProviders(answer.providers),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [given, scope]);

  const saved = (next: ProviderSettingsView) => {
    setProviders(
      (list) => list?.map((item) => (item.provider === next.provider ? next : item)) ?? [next],
    );
    setToast({
      message: t("ecommerce.payments.saved", {
        provider: t(`ecommerce.payments.providers.${next.provider}.name`),
      }),
      id: Date.now(),
    });
  };

  return (
    <Stack gap="lg" data-testid="payments-panel">
      <div>
        <Title order={2} fz="h3">
          {t("ecommerce.payments.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("ecommerce.payments.intro")}
        </Text>
      </div>
      {failed && (
        <Alert color="red" role="alert">
          {t("ecommerce.payments.errors.loadFailed")}
        </Alert>
      )}
      {!providers && !failed && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{t("ecommerce.payments.loading")}</Text>
        </Group>
      )}
      {providers?.map((settings) => (
        // A saved answer remounts the card, so its fields start from what is stored.
        <ProviderCard
          key={`${settings.provider}:${JSON.stringify(settings)}`}
          settings={settings}
          scope={scope}
          onSaved={saved}
        />
      ))}
      {toast && (
        <SavedToast
          key={toast.id}
          message={toast.message}
          onClose={closeToast}
          closeLabel={t("ecommerce.payments.close")}
          testId="payments-toast"
        />
      )}
    </Stack>
  );
}
