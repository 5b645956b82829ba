import { ActionIcon, Anchor, Box, Group, Image, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../money";
import { cartItemKey, cartTotals, type CartItem } from "../validation";
import classes from "./cart.module.css";

function itemHref(item: CartItem): string | null {
  if (!item.slug) return null;
  return item.type === "course" ? `/course/${item.slug}` : null;
}

/** The cart's lines (picture, name, quantity, price, remove) and its total; modal and checkout. */
export function CartLines({
  items,
  onRemove,
}: {
  items: CartItem[];
  onRemove: (item: CartItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number, currency: string) =>
    formatMoney({ amount, currency, lang: i18n.language });
  return (
    <Stack gap="md">
      <ul className={classes.lines} aria-label={t("cart.items")}>
        {items.map((item) => {
          const href = itemHref(item);
          return (
            <li key={cartItemKey(item)} className={classes.line} data-testid="cart-item">
              {item.image ? (
                <Image src={item.image} alt="" w={56} h={56} radius="sm" fit="cover" />
              ) : (
                <Box className={classes.placeholder} aria-hidden="true" />
              )}
              <Box className={classes.lineText}>
                {href ? (
                  <Anchor component={Link} to={href} fw={600} c="inherit" lineClamp={2}>
                    {item.name}
                  </Anchor>
                ) : (
                  <Text fw={600} lineClamp={2}>
                    {item.name}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {t("cart.quantity", { count: item.quantity })}
                </Text>
              </Box>
              <Text fw={600} className={classes.price}>
                {money(item.price * item.quantity, item.currency)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t("cart.remove", { name: item.name })}
                onClick={() => onRemove(item)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </li>
          );
        })}
      </ul>
      <Group justify="space-between" className={classes.total}>
        <Text fw={700}>{t("cart.total")}</Text>
        <Text fw={700} fz="lg" data-testid="cart-total">
          {cartTotals(items)
            .map(({ amount, currency }) => money(amount, currency))
            .join(" + ")}
        </Text>
      </Group>
    </Stack>
  );
}
