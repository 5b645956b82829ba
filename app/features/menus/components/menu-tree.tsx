import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MenuItem } from "../menus-option";
import {
  applyDrop,
  findItem,
  flattenTree,
  getProjection,
  moveItem,
  positionOf,
  subtreeHeight,
  updateItem,
  type FlatItem,
  type MoveAction,
} from "../menu-tree";
import type { MenuKind } from "../menu-validation";
import classes from "./menu-editor.module.css";
import { INDENT, MenuTreeRow, type RowAction } from "./menu-tree-row";

/** The dragged item's sub-items travel with it and take no place of their own meanwhile. */
function withoutDescendants(flat: FlatItem[], id: string): FlatItem[] {
  const index = flat.findIndex((entry) => entry.id === id);
  if (index < 0) return flat;
  let end = index + 1;
  while (end < flat.length && flat[end]!.depth > flat[index]!.depth) end++;
  return [...flat.slice(0, index + 1), ...flat.slice(end)];
}

/** When a control is gone after a move (top of the list), the nearest one that still works. */
const focusOrder: Record<RowAction, RowAction[]> = {
  up: ["up", "down", "edit"],
  down: ["down", "up", "edit"],
  indent: ["indent", "outdent", "edit"],
  outdent: ["outdent", "indent", "edit"],
  edit: ["edit"],
  remove: ["edit"],
};

/**
 * A menu as a nested list: drag an item by its handle (sideways to nest or un-nest it), or use
 * its buttons — up, down, indent, outdent — which keep the focus on the moved item and say
 * where it went.
 */
export function MenuTree({
  kind,
  items,
  onChange,
  problems,
  expanded,
  onToggle,
  onRemove,
  announce,
}: {
  kind: MenuKind;
  items: MenuItem[];
  onChange: (items: MenuItem[]) => void;
  problems: Record<string, Record<string, string>>;
  expanded: Set<string>;
  onToggle: (id: string) => void;
  onRemove: (id: string) => void;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation();
  const dndId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [drag, setDrag] = useState<{ id: string; overId: string; offset: number } | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const flat = useMemo(() => flattenTree(items), [items]);
  const visible = useMemo(() => (drag ? withoutDescendants(flat, drag.id) : flat), [flat, drag]);
  const dragged = drag ? findItem(items, drag.id) : undefined;
  const projection =
    drag && dragged
      ? getProjection({
          flat: visible,
          activeId: drag.id,
          overId: drag.overId,
          offset: drag.offset,
          indentWidth: INDENT,
          activeHeight: subtreeHeight(dragged),
        })
      : null;

  const labelOf = (id: string) =>
    findItem(items, id)?.label.trim() || t("siteSettings.menu.untitled");

  /** Says where an item now is: its place among its siblings and under which item. */
  function describe(next: MenuItem[], id: string) {
    const at = positionOf(next, id);
    if (!at) return "";
    const label = labelOf(id);
    const place = t("siteSettings.menu.announce.position", {
      label,
      position: at.position,
      total: at.count,
    });
    const level = at.parent
      ? t("siteSettings.menu.announce.under", {
          parent: at.parent.label.trim() || t("siteSettings.menu.untitled"),
        })
      : t("siteSettings.menu.announce.topLevel");
    return `${place} ${level}`;
  }

  /** Keeps the focus on the moved item's control (or the nearest one still enabled). */
  function refocus(id: string, moved: RowAction) {
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector(`[data-item-id="${id}"]`);
      for (const action of focusOrder[moved]) {
        const button = row?.querySelector<HTMLButtonElement>(`[data-menu-action="${action}"]`);
        if (button && !button.disabled) {
          button.focus();
          break;
        }
      }
    });
  }

  function act(id: string, action: RowAction) {
    if (action === "edit") return onToggle(id);
    if (action === "remove") return onRemove(id);
    const next = moveItem(items, id, action as MoveAction);
    if (next === items) return;
    onChange(next);
    announce(describe(next, id));
    refocus(id, action);
  }

  function dropped({ active, over }: DragEndEvent) {
    setDrag(null);
    if (!over || !projection) return;
    const next = applyDrop(items, {
      activeId: String(active.id),
      overId: String(over.id),
      parentId: projection.parentId,
    });
    onChange(next);
    announce(describe(next, String(active.id)));
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t("siteSettings.menu.dnd.picked", { label: labelOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("siteSettings.menu.dnd.over", {
            label: labelOf(String(active.id)),
            target: labelOf(String(over.id)),
          })
        : undefined,
    onDragEnd: ({ active }) =>
      t("siteSettings.menu.dnd.dropped", { label: labelOf(String(active.id)) }),
    onDragCancel: ({ active }) =>
      t("siteSettings.menu.dnd.cancelled", { label: labelOf(String(active.id)) }),
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("siteSettings.menu.dnd.instructions") },
      }}
      onDragStart={({ active }) =>
        setDrag({ id: String(active.id), overId: String(active.id), offset: 0 })
      }
      onDragMove={({ delta }) => {
        // In a right-to-left page, moving left goes one level deeper.
        const direction = document.documentElement.dir === "rtl" ? -1 : 1;
        setDrag((current) => current && { ...current, offset: delta.x * direction });
      }}
      onDragOver={({ over }) =>
        setDrag((current) => current && { ...current, overId: String(over?.id ?? current.overId) })
      }
      onDragEnd={dropped}
      onDragCancel={() => setDrag(null)}
    >
      <SortableContext
        items={visible.map((entry) => entry.id)}
        strategy={verticalListSortingStrategy}
      >
        <ul className={classes.tree} ref={listRef} data-testid={`menu-tree-${kind}`}>
          {visible.map((entry) => (
            <MenuTreeRow
              key={entry.id}
              kind={kind}
              entry={entry}
              items={items}
              depth={entry.id === drag?.id && projection ? projection.depth : entry.depth}
              dragging={entry.id === drag?.id}
              expanded={expanded.has(entry.id)}
              problems={problems[entry.id]}
              onAction={act}
              onChange={(item) =>
                onChange(
                  updateItem(items, entry.id, (current) => ({
                    ...item,
                    children: current.children,
                  })),
                )
              }
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
