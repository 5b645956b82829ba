import type { MenuItem } from "./menus-option";

/** Levels a menu may have: top level, sub-items and their sub-items. */
export const MAX_MENU_DEPTH = 3;

/** One item of the tree in reading order, with where it sits. */
export type FlatItem = { id: string; parentId: string | null; depth: number; item: MenuItem };

export type MoveAction = "up" | "down" | "indent" | "outdent";

/** A megamenu shows columns, not sub-items (the public header never draws its children). */
export const canHaveChildren = (item: MenuItem) => item.item_type !== "megamenu";

export function flattenTree(items: MenuItem[], parentId: string | null = null, depth = 0) {
  const out: FlatItem[] = [];
  for (const item of items) {
    out.push({ id: item.id, parentId, depth, item });
    if (item.children?.length) out.push(...flattenTree(item.children, item.id, depth + 1));
  }
  return out;
}

/** The tree again from flat items: each under its parent, siblings in list order. */
export function buildTree(flat: FlatItem[]): MenuItem[] {
  const children = new Map<string | null, MenuItem[]>();
  for (const { parentId, item } of flat) {
    const { children: _old, ...rest } = item;
    const list = children.get(parentId) ?? [];
    list.push(rest);
    children.set(parentId, list);
  }
  const attach = (items: MenuItem[]): MenuItem[] =>
    items.map((item) => {
      const below = children.get(item.id);
      return below?.length ? { ...item, children: attach(below) } : item;
    });
  return attach(children.get(null) ?? []);
}

/** Levels from this item down (1 for an item without sub-items). */
export function subtreeHeight(item: MenuItem): number {
  return 1 + Math.max(0, ...(item.children ?? []).map(subtreeHeight));
}

type Location = {
  siblings: MenuItem[];
  index: number;
  depth: number;
  parent: MenuItem | null;
  item: MenuItem;
};

function locate(
  items: MenuItem[],
  id: string,
  depth = 0,
  parent: MenuItem | null = null,
): Location | null {
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    if (item.id === id) return { siblings: items, index, depth, parent, item };
    const found = item.children ? locate(item.children, id, depth + 1, item) : null;
    if (found) return found;
  }
  return null;
}

export function findItem(items: MenuItem[], id: string): MenuItem | undefined {
  return locate(items, id)?.item;
}

/** Whether the keyboard controls may move this item that way. */
export function canMove(items: MenuItem[], id: string, action: MoveAction): boolean {
  const at = locate(items, id);
  if (!at) return false;
  if (action === "up") return at.index > 0;
  if (action === "down") return at.index < at.siblings.length - 1;
  if (action === "outdent") return at.parent !== null;
  const previous = at.siblings[at.index - 1];
  return (
    previous !== undefined &&
    canHaveChildren(previous) &&
    at.depth + 1 + subtreeHeight(at.item) <= MAX_MENU_DEPTH
  );
}

/** A new tree with `update` applied to the first list (from the top) that `holds` accepts. */
function mapLists(
  items: MenuItem[],
  holds: (list: MenuItem[]) => boolean,
  update: (list: MenuItem[]) => MenuItem[],
): MenuItem[] {
  // An id is in one list only: once that list is changed, nothing below it needs looking at.
  if (holds(items)) return update(items);
  return items.map((item) =>
    item.children ? { ...item, children: mapLists(item.children, holds, update) } : item,
  );
}

const holding = (id: string) => (list: MenuItem[]) => list.some((item) => item.id === id);

/**
 * The keyboard alternatives to dragging: up and down among its siblings; indent makes the item
 * the last sub-item of the one above; outdent puts it right after its parent.
 */
export function moveItem(items: MenuItem[], id: string, action: MoveAction): MenuItem[] {
  if (!canMove(items, id, action)) return items;
  const at = locate(items, id)!;
  if (action === "up" || action === "down") {
    const to = at.index + (action === "up" ? -1 : 1);
    return mapLists(items, holding(id), (list) => {
      const next = [...list];
      [next[at.index], next[to]] = [next[to]!, next[at.index]!];
      return next;
    });
  }
  if (action === "indent") {
    const previousId = at.siblings[at.index - 1]!.id;
    return mapLists(items, holding(id), (list) =>
      list
        .filter((item) => item.id !== id)
        .map((item) =>
          item.id === previousId
            ? { ...item, children: [...(item.children ?? []), at.item] }
            : item,
        ),
    );
  }
  const parentId = at.parent!.id;
  const withoutItem = mapLists(items, holding(id), (list) => list.filter((item) => item.id !== id));
  return mapLists(withoutItem, holding(parentId), (list) =>
    list.flatMap((item) => (item.id === parentId ? [item, at.item] : [item])),
  );
}

export function removeItem(items: MenuItem[], id: string): MenuItem[] {
  return mapLists(items, holding(id), (list) => list.filter((item) => item.id !== id));
}

export function updateItem(
  items: MenuItem[],
  id: string,
  change: (item: MenuItem) => MenuItem,
): MenuItem[] {
  return mapLists(items, holding(id), (list) =>
    list.map((item) => (item.id === id ? change(item) : item)),
  );
}

/** Where a dragged item would land: its depth and parent, from the pointer's sideways offset. */
export function getProjection({
  flat,
  activeId,
  overId,
  offset,
  indentWidth,
  activeHeight,
}: {
  /** The visible list: the dragged item's own sub-items left out. */
  flat: FlatItem[];
  activeId: string;
  overId: string;
  offset: number;
  indentWidth: number;
  /** Levels the dragged item brings with it. */
  activeHeight: number;
}): { depth: number; parentId: string | null } {
  const from = flat.findIndex((entry) => entry.id === activeId);
  const to = flat.findIndex((entry) => entry.id === overId);
  const active = flat[from]!;
  const moved = [...flat];
  moved.splice(to, 0, moved.splice(from, 1)[0]!);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offset / indentWidth);
  const byPrevious = previous ? previous.depth + (canHaveChildren(previous.item) ? 1 : 0) : 0;
  const maxDepth = Math.max(0, Math.min(byPrevious, MAX_MENU_DEPTH - activeHeight));
  const minDepth = Math.min(next ? next.depth : 0, maxDepth);
  const depth = Math.min(maxDepth, Math.max(minDepth, wanted));
  let parentId: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parentId = previous.parentId;
    else if (depth > previous.depth) parentId = previous.id;
    else
      parentId =
        moved
          .slice(0, to)
          .reverse()
          .find((entry) => entry.depth === depth)?.parentId ?? null;
  }
  return { depth, parentId };
}

/** The tree after a drag: the item (with its sub-items) moved over `overId` at the projection. */
export function applyDrop(
  items: MenuItem[],
  { activeId, overId, parentId }: { activeId: string; overId: string; parentId: string | null },
): MenuItem[] {
  const flat = flattenTree(items);
  const from = flat.findIndex((entry) => entry.id === activeId);
  const to = flat.findIndex((entry) => entry.id === overId);
  if (from < 0 || to < 0) return items;
  flat[from] = { ...flat[from]!, parentId };
  flat.splice(to, 0, flat.splice(from, 1)[0]!);
  return buildTree(flat);
}

/** Position of an item among its siblings (1-based) and how many siblings there are. */
export function positionOf(items: MenuItem[], id: string) {
  const at = locate(items, id);
  return at
    ? { position: at.index + 1, count: at.siblings.length, parent: at.parent, depth: at.depth }
    : null;
}

/** A fresh id for a new item or column. */
export function newItemId(prefix = "item"): string {
  const random =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `${prefix}-${Date.now().toString(36)}-${random}`;
}

/** Stored menus may repeat an id (hand-written data); the editor needs each once. */
export function withUniqueIds(items: MenuItem[], seen = new Set<string>()): MenuItem[] {
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : newItemId();
    seen.add(id);
    return item.children
      ? { ...item, id, children: withUniqueIds(item.children, seen) }
      : { ...item, id };
  });
}
