import { ActionIcon, Badge, Group, Paper, Text, UnstyledButton } from "@mantine/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { MenuItem } from "../menus-option";
import { menuHref } from "~/ui/site-links";
import { canMove, type FlatItem, type MoveAction } from "../menu-tree";
import type { MenuKind } from "../menu-validation";
import classes from "./menu-editor.module.css";
import { MenuItemFields } from "./menu-item-fields";
import { StrokeIcon } from "../../../ui/settings/settings-icons";

export type RowAction = MoveAction | "edit" | "remove";

/** Pixels of indentation per level, and the sideways drag that changes a level. */
export const INDENT = 28;

const paths: Record<RowAction | "grip", string> = {
  grip: "M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01",
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  indent: "M4 6h16M10 12h10M10 18h10M4 10l3 2-3 2",
  outdent: "M4 6h16M10 12h10M10 18h10M7 10l-3 2 3 2",
  edit: "M6 9l6 6 6-6",
  remove: "M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3",
};

function Icon({ name }: { name: keyof typeof paths }) {
  return (
    <StrokeIcon
      d={paths[name]}
      strokeWidth={name === "grip" ? 3.2 : 2}
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
