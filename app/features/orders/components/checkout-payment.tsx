import { Alert, Button, Paper, Radio, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { errorKeyOf } from "~/platform/errors";
import type { PaymentProvider } from "../order-shapes";

/**
 * The providers this site takes for its currency, and the button that makes the order. Without
 * an account the step waits; without any provider the page says so instead of failing later.
 */
export function CheckoutPayment({
  providers,
  signedIn,
  choice,
  onChoose,
  busy,
  error,
  onPay,
}: {
  providers: PaymentProvider[];
  /** The way to pay chosen (the screen keeps it: the summary shows what it charges today). */
  choice: PaymentProvider | null;
  onChoose: (provider: PaymentProvider) => void;
  signedIn: boolean;
  busy: boolean;
  error: string | null;
  onPay: (provider: PaymentProvider) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="co-pay">
      <Title order={2} fz="lg" id="co-pay" mb="md">
        {t("checkout.payment")}
      </Title>
      {providers.length === 0 ? (
        <Alert variant="light" color="yellow" title={t("checkout.noProvidersTitle")}>
          {t("checkout.noProviders")}
        </Alert>
      ) : (
        <Radio.Group
          value={choice}
          onChange={(value) => onChoose(value as PaymentProvider)}
          label={t("checkout.method")}
        >
          <Stack gap="xs" mt="xs">
            {providers.map((provider) => (
              <Paper key={provider} withBorder radius="md" p="md" data-testid={`pay-${provider}`}>
                <Radio
                  value={provider}
                  label={t(`checkout.providers.${provider}.name`)}
                  description={t(`checkout.providers.${provider}.help`)}
                />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {error ? (
        <Alert mt="md" color="red" variant="light" role="alert" data-testid="checkout-error">
          {t(error.startsWith("checkout.") ? error : errorKeyOf(error))}
        </Alert>
      ) : null}
      {!signedIn ? (
        <Text size="sm" mt="md" id="co-pay-note">
          {t("checkout.signInFirst")}
        </Text>
      ) : null}
      <Button
        mt="lg"
        size="md"
        fullWidth
        leftSection={<IconLock size={18} aria-hidden />}
        disabled={!signedIn || !choice}
        loading={busy}
        aria-describedby={!signedIn ? "co-pay-note" : undefined}
        onClick={() => choice && onPay(choice)}
        data-testid="place-order"
      >
        {t("checkout.placeOrder")}
      </Button>
    </Paper>
  );
}
