import { Burger, Drawer, UnstyledButton, type MantineBreakpoint } from "@mantine/core";
import type { ReactNode } from "react";

/** The menu button of a narrow header: shown below `from`, it opens the header's drawer. */
export function NavBurger({
  opened,
  onToggle,
  hiddenFrom,
  label,
}: {
  opened: boolean;
  onToggle: () => void;
  hiddenFrom: MantineBreakpoint;
  label: string;
}) {
  // Mantine's Burger draws its lines in a <div>, which a <button> may not hold (issue 37): the
  // same button with Burger's own classes, its lines in a <span> (they are display: block).
  return (
    <UnstyledButton
      className={`${Burger.classes.root} mantine-Burger-root`}
      hiddenFrom={hiddenFrom}
      onClick={onToggle}
      aria-label={label}
      aria-expanded={opened}
    >
      <span
        className={`${Burger.classes.burger} mantine-Burger-burger`}
        data-reduce-motion
        data-opened={opened || undefined}
      />
    </UnstyledButton>
  );
}

/**
 * A header's navigation on narrow screens (the account's site and the platform's both): a
 * drawer holding one labelled navigation landmark, and whatever follows it.
 */
export function NavDrawer({
  opened,
  onClose,
  title,
  hiddenFrom,
  closeLabel,
  navLabel,
  position,
  size,
  children,
  after,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  hiddenFrom: MantineBreakpoint;
  closeLabel: string;
  navLabel: string;
  position?: "left" | "right";
  size: string;
  children: ReactNode;
  /** Below the navigation, outside it: the sign-in and sign-up buttons (platform and sites). */
  after?: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      hiddenFrom={hiddenFrom}
      position={position}
      size={size}
      closeButtonProps={{ "aria-label": closeLabel }}
    >
      <nav aria-label={navLabel}>{children}</nav>
      {after}
    </Drawer>
  );
}
