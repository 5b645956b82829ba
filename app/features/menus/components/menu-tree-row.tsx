import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconGripVertical,
  IconIndentDecrease,
  IconIndentIncrease,
  IconTrash,
  type TablerIcon,
} from "@tabler/icons-react";
import { CSS } from "@dnd-kit/utilities";
import type { CSSProperties } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MenuItem } from "../menus-option";
import { menuHref } from "~/ui/site-links";
import { canMove, type FlatItem, type MoveAction } from "../menu-tree";
import type { MenuKind } from "../menu-validation";
import classes from "./menu-editor.module.css";
import { MenuItemFields } from "./menu-item-fields";

export type RowAction = MoveAction | "edit" | "remove";

/** Pixels of indentation per level, and the sideways drag that changes a level. */
export const INDENT = 28;

const icons: Record<RowAction | "grip", TablerIcon> = {
  grip: IconGripVertical,
  up: IconArrowUp,
  down: IconArrowDown,
  indent: IconIndentIncrease,
  outdent: IconIndentDecrease,
  edit: IconChevronDown,
  remove: IconTrash,
};

function Icon({ name }: { name: keyof typeof icons }) {
  const Glyph = icons[name];
  return (
    <Glyph
      size={16}
      aria-hidden
      className={name === "indent" || name === "outdent" ? classes.flipInRtl : undefined}
    />
  );
}

/** One item of the menu tree: handle, summary (opens its fields) and the keyboard controls. */
export function MenuTreeRow({
  kind,
  entry,
  items,
  depth,
  dragging,
  expanded,
  problems,
  onAction,
  onChange,
}: {
  kind: MenuKind;
  entry: FlatItem;
  items: MenuItem[];
  depth: number;
  dragging: boolean;
  expanded: boolean;
  problems: Record<string, string> | undefined;
  onAction: (id: string, action: RowAction) => void;
  onChange: (item: MenuItem) => void;
}) {
  const { t } = useTranslation();
  const { item, id } = entry;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    useSortable({ id });
  const label = item.label.trim() || t("siteSettings.menu.untitled");
  const type = item.item_type ?? "link";
  const url = type !== "label" ? item.item_url?.trim() : undefined;
  const target = url ? menuHref(url) : null;
  const fieldsId = `menu-fields-${id}`;
  const moves: MoveAction[] = ["up", "down", "outdent", "indent"];

  return (
    <li
      ref={setNodeRef}
      className={classes.treeItem}
      data-item-id={id}
      data-testid="menu-item"
      data-dragging={dragging || undefined}
      style={
        {
          transform: CSS.Translate.toString(transform),
          transition,
          "--menu-depth": depth,
        } as CSSProperties
      }
    >
      <Paper
        withBorder
        radius="md"
        className={classes.row}
        data-invalid={problems ? true : undefined}
      >
        <div className={classes.rowHead}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            className={classes.handle}
            aria-label={t("siteSettings.menu.actions.drag", { label })}
            {...attributes}
            {...listeners}
          >
            <Icon name="grip" />
          </ActionIcon>
          <UnstyledButton
            className={classes.summary}
            onClick={() => onAction(id, "edit")}
            aria-expanded={expanded}
            aria-controls={expanded ? fieldsId : undefined}
            aria-label={
              t("siteSettings.menu.actions.edit", { label }) +
              (depth > 0 ? `, ${t("siteSettings.menu.level", { level: depth + 1 })}` : "")
            }
            data-menu-action="edit"
          >
            <Text
              fw={600}
              size="sm"
              truncate
              component="span"
              className={classes.summaryLabel}
              data-testid="menu-item-label"
            >
              {label}
            </Text>
            <Group gap={6} wrap="nowrap" className={classes.summaryMeta} aria-hidden="true">
              <Badge size="xs" variant="light" color={type === "megamenu" ? "violet" : "gray"}>
                {t(`siteSettings.menu.types.${type}`)}
              </Badge>
              {target ? (
                <Text size="xs" c="dimmed" truncate component="span" className={classes.summaryUrl}>
                  {target.external ? `↗ ${target.href}` : target.href}
                </Text>
              ) : null}
              {problems ? (
                <Text size="xs" component="span" className={classes.status} data-state="invalid">
                  {t("siteSettings.menu.needsAttention")}
                </Text>
              ) : null}
            </Group>
            <span className={classes.chevron} data-expanded={expanded || undefined}>
              <Icon name="edit" />
            </span>
          </UnstyledButton>
          <Group gap={2} wrap="nowrap" className={classes.actions}>
            {moves.map((action) => (
              <ActionIcon
                key={action}
                variant="subtle"
                color="gray"
                data-menu-action={action}
                aria-label={t(`siteSettings.menu.actions.${action}`, { label })}
                disabled={!canMove(items, id, action)}
                onClick={() => onAction(id, action)}
              >
                <Icon name={action} />
              </ActionIcon>
            ))}
            <ActionIcon
              variant="subtle"
              color="red"
              data-menu-action="remove"
              aria-label={t("siteSettings.menu.actions.remove", { label })}
              onClick={() => onAction(id, "remove")}
            >
              <Icon name="remove" />
            </ActionIcon>
          </Group>
        </div>
        {expanded ? (
          <div id={fieldsId} className={classes.fields}>
            <MenuItemFields
              item={item}
              kind={kind}
              depth={entry.depth}
              problems={problems}
              onChange={onChange}
            />
          </div>
        ) : null}
      </Paper>
    </li>
  );
}
