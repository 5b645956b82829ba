import { Burger, Drawer, type MantineBreakpoint } from "@mantine/core";
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
  return <Burger opened={opened} onClick={onToggle} hiddenFrom={hiddenFrom} aria-label={label} />;
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
