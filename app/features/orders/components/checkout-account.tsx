import { Button, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { authClient, EmbeddedAuthCards, LoginForm, SignupForm } from "~/features/auth/auth";

export type CheckoutViewer = { name: string; email: string } | null;

/**
 * Who is buying: the signed-in person, or sign in / create an account right here (both come
 * back to /checkout signed in, the cart untouched in the browser).
 */
export function CheckoutAccount({
  viewer,
  siteName,
}: {
  viewer: CheckoutViewer;
  siteName: string;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<"signup" | "login">("signup");
  if (viewer)
    return (
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="co-account">
        <Title order={2} fz="lg" id="co-account" mb="md">
          {t("checkout.account")}
        </Title>
        <Group justify="space-between" gap="xs" data-testid="checkout-signed-in">
          <Stack gap={0}>
            <Text fw={600}>{viewer.name}</Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {viewer.email}
            </Text>
          </Stack>
          <Button
            variant="subtle"
            size="xs"
            onClick={() =>
              void authClient()
                .signOut()
                .finally(() => window.location.assign("/checkout"))
            }
          >
            {t("checkout.notYou")}
          </Button>
        </Group>
      </Paper>
    );
  return (
    <Stack gap="md" component="section" aria-labelledby="co-account">
      <Title order={2} fz="lg" id="co-account">
        {t("checkout.account")}
      </Title>
      <Text size="sm">{t("checkout.accountHelp")}</Text>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => setMode(value as "signup" | "login")}
        data={[
          { value: "signup", label: t("checkout.createAccount") },
          { value: "login", label: t("checkout.signIn") },
        ]}
      />
      <EmbeddedAuthCards value>
        {mode === "signup" ? (
          <SignupForm siteName={siteName} redirectTo="/checkout" />
        ) : (
          <LoginForm siteName={siteName} redirectTo="/checkout" />
        )}
      </EmbeddedAuthCards>
    </Stack>
  );
}
