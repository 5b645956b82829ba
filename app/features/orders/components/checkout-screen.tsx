import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { ResponsiveCol, ResponsiveGrid } from "~/ui/responsive-grid";
import { IconLock } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link, useNavigate } from "react-router";
import { CartSummary, CouponBox, useCart } from "~/features/cart/cart";
import type { PaymentProvider } from "../order-shapes";
import { CheckoutAccount, type CheckoutViewer } from "./checkout-account";
import { CheckoutHoldNotice, useHoldCart, type CheckoutHold } from "./checkout-hold";
import { CheckoutPayment } from "./checkout-payment";
import classes from "./checkout.module.css";
import { usePlaceOrder } from "./use-place-order";

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
 * C5 `/checkout`: no site header or footer; who buys (signed in, or sign in / sign up inline),
 * how they pay (the providers the site takes for its currency), and the order's summary from
 * the browser's cart with the coupon box. Placing the order sends only ids: the server prices.
 */
export function CheckoutScreen({
  brand,
  viewer,
  siteName,
  providersByCurrency,
  cancelled,
  funnel = null,
  hold = null,
}: {
  brand: ReactNode;
  viewer: CheckoutViewer;
  siteName: string;
  /** What the site takes, per currency it sells in; the cart's currency picks the list. */
  providersByCurrency: Record<string, PaymentProvider[]>;
  cancelled: boolean;
  /** A funnel's checkout step the cart came from: its order lands on the step after it. */
  funnel?: { stepId: string; thanksPath: string } | null;
  /** Something held while this checkout pays for it (a booked session, decision 078). */
  hold?: CheckoutHold | null;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  useHoldCart(hold);
  const currency = cart.items[0]?.currency;
  const providers = (currency && providersByCurrency[currency]) || [];
  const [picked, setPicked] = useState<PaymentProvider | null>(null);
  // The list arrives with the cart (read in the browser): the first way is chosen until one is.
  const choice = picked && providers.includes(picked) ? picked : (providers[0] ?? null);
  const navigate = useNavigate();
  const order = usePlaceOrder({
    lines: cart.items.map((item) => ({
      id: item.id,
      priceId: item.priceId,
      quantity: item.quantity,
    })),
    coupon: cart.coupon?.name ?? null,
    currency,
    funnel: funnel?.stepId,
    ...(hold && !hold.gone ? { reference: hold.held.reference } : {}),
    onPlaced: (orderId) => {
      cart.clear();
      // A funnel's next step is a page of the site, not of this application.
      if (funnel) window.location.assign(`${funnel.thanksPath}?order=${orderId}`);
      else void navigate(`/thankyou?order=${orderId}`);
    },
  });
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
      <Container size="lg" className={classes.content}>
        <Anchor component={Link} to="/" size="sm">
          ← {t("checkout.backToSite")}
        </Anchor>
        <Title order={1} mt="sm" mb="xl">
          {t("checkout.title")}
        </Title>
        {cancelled ? (
          <Alert color="yellow" variant="light" mb="lg" data-testid="checkout-cancelled">
            {t("checkout.cancelled")}
          </Alert>
        ) : null}
        {hold ? <CheckoutHoldNotice hold={hold} /> : null}
        {cart.ready && cart.items.length === 0 ? (
          <EmptyCart />
        ) : (
          <ResponsiveGrid gap="xl">
            <ResponsiveCol span={7} from="md" order={2} orderFrom={1}>
              <Stack gap="xl">
                <CheckoutAccount viewer={viewer} siteName={siteName} />
                <CheckoutPayment
                  providers={providers}
                  choice={choice}
                  onChoose={setPicked}
                  signedIn={Boolean(viewer)}
                  busy={order.busy}
                  error={order.error}
                  onPay={(provider) => void order.place(provider)}
                />
              </Stack>
            </ResponsiveCol>
            <ResponsiveCol span={5} from="md" order={1} orderFrom={2}>
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
                    <CartSummary provider={choice} />
                    <CouponBox />
                  </Stack>
                ) : (
                  <Skeleton height={160} radius="md" />
                )}
              </Paper>
            </ResponsiveCol>
          </ResponsiveGrid>
        )}
      </Container>
    </div>
  );
}
