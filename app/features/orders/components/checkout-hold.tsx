import { Alert, Button, Text } from "@mantine/core";
import { useEffect } from "react";
import { useCart, type CartItem } from "~/features/cart/cart";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * Something held for the buyer while this checkout pays for it (a booked session's time,
 * decision 078): what it is, when, until when it is held, the cart line that pays for it and
 * the reference the order carries. The feature that holds it makes it; orders only show it.
 */
export type CheckoutHold =
  | {
      gone: false;
      held: {
        title: string;
        hostName: string;
        /** Instants (ISO), written in `zone`. */
        start: string;
        zone: string;
        holdUntil: string | null;
        reference: string;
        offer: { item: CartItem };
      };
    }
  | {
      gone: true;
      /** Where the buyer finds what they hold instead (their bookings). */
      listPath: string;
    };

const timeIn = (iso: string, zone: string, lang: string, style: "full" | "short") =>
  new Intl.DateTimeFormat(lang, {
    dateStyle: style === "full" ? "full" : undefined,
    timeStyle: "short",
    timeZone: zone,
  }).format(new Date(iso));

/** The cart becomes exactly the held thing's line, once, when the checkout opens. */
export function useHoldCart(hold: CheckoutHold | null | undefined) {
  const cart = useCart();
  const line = hold && !hold.gone ? hold.held.offer.item : null;
  const { ready, items } = cart;
  useEffect(() => {
    if (!line || !ready) return;
    const only = items.length === 1 ? items[0] : null;
    if (only?.id !== line.id || only.priceId !== line.priceId || only.quantity !== 1)
      cart.replace([line]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the server's line, by what it is
  }, [ready, line?.id, line?.priceId, items]);
}

/** What the checkout pays for beyond its cart, and how long it is kept. */
export function CheckoutHoldNotice({ hold }: { hold: CheckoutHold }) {
  const { t, i18n } = useTranslation();
  if (hold.gone)
    return (
      <Alert color="yellow" variant="light" mb="lg" data-testid="checkout-hold-gone">
        <Text size="sm">{t("checkout.holdGone")}</Text>
        <Button component="a" href={hold.listPath} variant="light" size="xs" mt="sm">
          {t("checkout.holdBookings")}
        </Button>
      </Alert>
    );
  const { held } = hold;
  const lang = i18n.language;
  return (
    <Alert color="teal" variant="light" mb="lg" data-testid="checkout-hold">
      <Text size="sm" fw={600}>
        {t("checkout.holdFor", {
          title: held.title,
          host: held.hostName,
          when: timeIn(held.start, held.zone, lang, "full"),
        })}
      </Text>
      {held.holdUntil ? (
        <Text size="sm">
          {t("checkout.holdUntil", { time: timeIn(held.holdUntil, held.zone, lang, "short") })}
        </Text>
      ) : null}
    </Alert>
  );
}
