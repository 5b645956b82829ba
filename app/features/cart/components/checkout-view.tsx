import {
  Alert,
  Anchor,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCart } from "../cart-store";
import { CartLines } from "./cart-lines";
import { CouponBox } from "./coupon-box";
import classes from "./checkout.module.css";

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={520} data-testid="checkout-empty">
      <Stack gap="sm" align="flex-start">
        <Text fw={700} fz="lg">
          {t("cart.empty")}
        </Text>
        <Button component={Link} to="/course">
          {t("cart.browse")}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The checkout page (P3, C5 to come): no site header or footer, the order summary from the
 * browser's cart, a contact e-mail and the payment step. Payments arrive with the commerce
 * issue, so "Place order" is disabled and says why.
 */
export function CheckoutView({ brand, email }: { brand: ReactNode; email: string | null }) {
  const { t } = useTranslation();
  const cart = useCart();
  return (
    <div className={classes.page}>
      <div className={classes.bar}>
        <Container size="lg">
          <Group justify="space-between" h={64} wrap="nowrap">
            <Link to="/" className={classes.brand}>
              {brand}
            </Link>
            <Group gap="xs" wrap="nowrap">
              <IconLock size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t("checkout.secure")}
              </Text>
            </Group>
          </Group>
        </Container>
      </div>
      <Container size="lg" py={{ base: "lg", sm: 48 }}>
        <Anchor component={Link} to="/" size="sm">
          ← {t("checkout.backToSite")}
        </Anchor>
        <Title order={1} mt="sm" mb="xl">
          {t("checkout.title")}
        </Title>
        {cart.ready && cart.items.length === 0 ? (
          <EmptyCart />
        ) : (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
              <Stack gap="xl">
                <Paper
                  withBorder
                  radius="md"
                  p="lg"
                  component="section"
                  aria-labelledby="co-contact"
                >
                  <Title order={2} fz="lg" id="co-contact" mb="md">
                    {t("checkout.contact")}
                  </Title>
                  <TextInput
                    type="email"
                    name="email"
                    label={t("checkout.email")}
                    description={t("checkout.emailHelp")}
                    defaultValue={email ?? ""}
                    autoComplete="email"
                    required
                  />
                </Paper>
                <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="co-pay">
                  <Title order={2} fz="lg" id="co-pay" mb="md">
                    {t("checkout.payment")}
                  </Title>
                  <Alert variant="light" color="gray" title={t("checkout.paymentSoonTitle")}>
                    <Text size="sm" id="co-pay-note">
                      {t("checkout.paymentSoon")}
                    </Text>
                  </Alert>
                  {/* Payments come with the commerce step (C5); until then ordering is off. */}
                  <Button
                    mt="lg"
                    size="md"
                    fullWidth
                    disabled
                    aria-describedby="co-pay-note"
                    data-testid="place-order"
                  >
                    {t("checkout.placeOrder")}
                  </Button>
                </Paper>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
              <Paper
                withBorder
                radius="md"
                p="lg"
                component="section"
                aria-labelledby="co-summary"
                className={classes.summary}
              >
                <Title order={2} fz="lg" id="co-summary" mb="md">
                  {t("checkout.summary")}
                </Title>
                {cart.ready ? (
                  <Stack gap="lg">
                    <CartLines items={cart.items} onRemove={cart.remove} />
                    <CouponBox />
                  </Stack>
                ) : (
                  <Skeleton height={160} radius="md" />
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </div>
  );
}
