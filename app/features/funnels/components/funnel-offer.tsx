import { Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useRef, useState } from "react";
import { useCart, type CartItem } from "~/features/cart/cart";
import { OfferPriceText, type OfferPrice } from "~/features/products/products";
import { useTranslation } from "~/platform/i18n/use-translation";

export type OfferLine = { item: CartItem; price: OfferPrice };

/**
 * A funnel's checkout step (decision 063): what it sells, its order bump to tick, and the way
 * on to the site's checkout with exactly these lines, which knows the step it came from.
 */
export function FunnelOffer({
  stepId,
  lines,
  bump,
}: {
  stepId: string;
  lines: OfferLine[];
  bump: (OfferLine & { headline: string }) | null;
}) {
  const { t } = useTranslation();
  const cart = useCart();
  // Read when the buyer goes on, not kept in state: a tick made while the island was waking
  // (the browser's own) stands.
  const bumpBox = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const buy = () => {
    setBusy(true);
    const withBump = Boolean(bump && bumpBox.current?.checked);
    cart.replace([...lines.map((line) => line.item), ...(bump && withBump ? [bump.item] : [])]);
    window.location.assign(`/checkout?funnel=${stepId}`);
  };
  return (
    <Stack gap="md" data-testid="funnel-offer">
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          {t("funnelPage.offer.title")}
        </Title>
        <Stack gap="sm">
          {lines.map((line) => (
            <Group key={line.item.id} justify="space-between" wrap="nowrap" gap="md">
              <Text fw={500}>{line.item.title}</Text>
              <OfferPriceText price={line.price} />
            </Group>
          ))}
        </Stack>
      </Paper>
      {bump ? (
        <Paper
          withBorder
          radius="md"
          p="lg"
          style={{
            borderStyle: "dashed",
            borderWidth: 2,
            borderColor: "var(--mantine-color-yellow-6)",
          }}
          data-testid="funnel-bump"
        >
          <Checkbox
            ref={bumpBox}
            label={
              <Stack gap={4}>
                <Text fw={700}>{bump.headline}</Text>
                <Group gap="xs">
                  <Text size="sm">{bump.item.title}</Text>
                  <OfferPriceText price={bump.price} />
                </Group>
              </Stack>
            }
          />
        </Paper>
      ) : null}
      <Button size="lg" onClick={buy} loading={busy} data-testid="funnel-buy">
        {t("funnelPage.offer.buy")}
      </Button>
    </Stack>
  );
}
