import { ActionIcon, Anchor, Popover, Text } from "@mantine/core";
import { IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Link } from "react-router";
import { useCart } from "../cart-store";
import { cartCount } from "../validation";
import classes from "./cart.module.css";

/**
 * The header's cart control (P11): a badge with the number of things in the cart; a click opens
 * the cart modal, or with an empty cart a small note pointing to the courses.
 */
export function CartButton() {
  const { t } = useTranslation();
  const cart = useCart();
  const count = cartCount(cart.items);
  const [emptyNote, setEmptyNote] = useState(false);
  return (
    <span className={classes.cartButton}>
      <Popover
        opened={emptyNote}
        onChange={setEmptyNote}
        position="bottom-end"
        withArrow
        shadow="md"
        width={220}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={count > 0 ? t("cart.openWithCount", { count }) : t("cart.open")}
            data-testid="cart-button"
            onClick={() => {
              if (!cart.openModal()) setEmptyNote((open) => !open);
            }}
          >
            <IconShoppingBag size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm" fw={600}>
            {t("cart.empty")}
          </Text>
          <Anchor component={Link} to="/course" size="sm" onClick={() => setEmptyNote(false)}>
            {t("cart.browse")}
          </Anchor>
        </Popover.Dropdown>
      </Popover>
      {count > 0 ? (
        <span className={classes.count} aria-hidden="true" data-testid="cart-count">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </span>
  );
}
