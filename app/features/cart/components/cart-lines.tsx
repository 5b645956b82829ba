import { ActionIcon, Anchor, Box, Image, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { formatCartMoney } from "../money";
import { cartItemKey, itemHref, type CartItem } from "../validation";
import classes from "./cart.module.css";

/** "$19 / month" for a subscription line, the plain amount otherwise (spec §3 frequency). */
export function useLinePrice() {
  const { t, i18n } = useTranslation();
  return (item: CartItem) => {
    const amount = formatCartMoney({
      amount: item.amount * item.quantity,
      currency: item.currency,
      lang: i18n.language,
    });
    const every = item.frequency;
    if (!every) return amount;
    if (every.value === 1)
      return t(every.parameter === "year" ? "cart.perYear" : "cart.perMonth", { amount });
    return t(every.parameter === "year" ? "cart.perYears" : "cart.perMonths", {
      amount,
      count: every.value,
    });
  };
}

/**
 * The cart's lines: picture, title, quantity, price (with its frequency, and the free trial the
 * server says it takes: "7-day free trial, then $19 / month") and, if asked, remove.
 */
export function CartLines({
  items,
  onRemove,
  trialDays,
}: {
  items: CartItem[];
  onRemove?: (item: CartItem) => void;
  /** Days of free trial per line id, from the server's quote; a line not named has none. */
  trialDays?: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation();
  const price = useLinePrice();
  return (
    <ul className={classes.lines} aria-label={t("cart.items")}>
      {items.map((item) => {
        const href = itemHref(item);
        const days = trialDays?.get(item.id) ?? 0;
        return (
          <li
            key={cartItemKey(item)}
            className={classes.line}
            data-removable={onRemove ? undefined : "false"}
            data-testid="cart-item"
          >
            {item.image ? (
              <Image src={item.image} alt="" w={56} h={56} radius="sm" fit="cover" />
            ) : (
              <Box className={classes.placeholder} aria-hidden="true" />
            )}
            <Box className={classes.lineText}>
              {href ? (
                <Anchor component={Link} to={href} fw={600} c="inherit" lineClamp={2}>
                  {item.title}
                </Anchor>
              ) : (
                <Text fw={600} lineClamp={2}>
                  {item.title}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {t("cart.quantity", { count: item.quantity })}
              </Text>
              {days > 0 ? (
                // The trial's sentence is longer than a price: it wraps under the title.
                <Text size="sm" fw={600} className={classes.trial} data-testid="cart-item-price">
                  {t("cart.trialThen", { days, price: price(item) })}
                </Text>
              ) : null}
            </Box>
            {days > 0 ? null : (
              <Text fw={600} className={classes.price} data-testid="cart-item-price">
                {price(item)}
              </Text>
            )}
            {onRemove ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t("cart.remove", { name: item.title })}
                onClick={() => onRemove(item)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
