import { ActionIcon, Anchor, Box, Group, Image, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney } from "../money";
import { cartItemKey, cartTotals, type CartItem } from "../validation";
import classes from "./cart.module.css";

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

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
                <TrashIcon />
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
