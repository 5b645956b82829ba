import { ActionIcon, Group } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { moved } from "./moved";
import classes from "./settings.module.css";

/**
 * Move up, move down and remove for one row of a list (a footer column, a link), each button
 * named after the row (`item`) so a screen reader says which one it acts on.
 */
export function RowControls<T>({
  list,
  index,
  item,
  onChange,
  pushEnd = false,
}: {
  list: T[];
  index: number;
  item: string;
  onChange: (list: T[]) => void;
  /** At the end of a row that wraps, so the buttons keep to the row's far side. */
  pushEnd?: boolean;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`siteSettings.common.${key}`, { item });
  return (
    <Group gap={2} wrap="nowrap" ml={pushEnd ? "auto" : undefined} className={classes.icons}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        disabled={index === 0}
        aria-label={c("moveUp")}
        onClick={() => onChange(moved(list, index, -1))}
      >
        <IconChevronUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        disabled={index === list.length - 1}
        aria-label={c("moveDown")}
        onClick={() => onChange(moved(list, index, 1))}
      >
        <IconChevronDown size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={c("remove")}
        onClick={() => onChange(list.filter((_, i) => i !== index))}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
