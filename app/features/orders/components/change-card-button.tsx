import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * "Change card": the provider's own page (Stripe's customer portal) opens for this
 * subscription, and brings the member back to their orders; card numbers never pass here.
 */
export function ChangeCardButton({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function go() {
    setBusy(true);
    setFailed(false);
    const response = await fetch(`/api/subscriptions/${subscriptionId}/billing-page`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }).catch(() => null);
    const answer = response?.ok ? ((await response.json()) as { url?: string }) : null;
    if (answer?.url) {
      window.location.assign(answer.url);
      return;
    }
    setBusy(false);
    setFailed(true);
  }
  return (
    <Stack gap={4}>
      <Button size="xs" variant="default" loading={busy} onClick={() => void go()}>
        {t("ordersDashboard.subscriptions.changeCard")}
      </Button>
      {failed ? (
        <Text size="xs" c="red.8" role="alert">
          {t("ordersDashboard.subscriptions.changeCardFailed")}
        </Text>
      ) : null}
    </Stack>
  );
}
