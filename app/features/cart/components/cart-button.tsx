import { ActionIcon, Anchor, Popover, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCart } from "../cart-store";
import { cartCount } from "../validation";
import classes from "./cart.module.css";

function BagIcon() {
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
      <path d="M6 8h12l-1 12H7L6 8z" />
      <path d="M9 8V6a3 3 0 0 1 6 0v2" />
    </svg>
  );
}

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
            <BagIcon />
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
