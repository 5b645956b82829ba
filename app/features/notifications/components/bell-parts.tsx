import { ActionIcon, Indicator, Stack, Text } from "@mantine/core";
import { forwardRef, type ReactNode } from "react";
import type { NotificationItem } from "../validation";
import { NotificationEntry } from "./notification-entry";

/** A bell button with the unread count as its badge (hidden at zero). */
export const BellButton = forwardRef<
  HTMLButtonElement,
  { count: number; label: string; icon: ReactNode; onClick: () => void; testId: string }
>(function BellButton({ count, label, icon, onClick, testId }, ref) {
  return (
    <Indicator
      label={count}
      maxValue={99}
      showZero={false}
      disabled={count === 0}
      size={16}
      color="red"
      offset={4}
      inline
      data-testid={`${testId}-count`}
    >
      <ActionIcon
        ref={ref}
        variant="default"
        size="lg"
        aria-label={label}
        onClick={onClick}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    </Indicator>
  );
});

/** The list inside a bell's popover, or a line saying there is nothing (or it failed). */
export function BellList({
  items,
  failed,
  emptyText,
  failedText,
  actionFor,
  onItemClick,
  clickable,
}: {
  items: NotificationItem[];
  failed: boolean;
  emptyText: string;
  failedText: string;
  actionFor?: (item: NotificationItem) => ReactNode;
  onItemClick?: (item: NotificationItem) => void;
  /** Which items the click is for (all, when not said). */
  clickable?: (item: NotificationItem) => boolean;
}) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed" px="sm" py="md">
        {failed ? failedText : emptyText}
      </Text>
    );
  return (
    <Stack gap={4} py={4}>
      {items.map((item) => (
        <NotificationEntry
          key={`${item.source}-${item.id}`}
          item={item}
          action={actionFor?.(item)}
          onClick={onItemClick && (clickable?.(item) ?? true) ? () => onItemClick(item) : undefined}
        />
      ))}
    </Stack>
  );
}
