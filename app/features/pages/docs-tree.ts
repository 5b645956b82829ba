import type { DocTreeEntry, PageListRow } from "./page-editing";

/** A doc in the editors' tree: in reading order, `depth` 0 at the top level. */
export type TreeDoc = { id: string; title: string; slug: string; status: string; depth: number };

export const MAX_DOC_DEPTH = 3;

/** The stored docs (any order) as the tree's rows, depth first by position. */
export function flattenDocs(rows: PageListRow[]): TreeDoc[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string | null, PageListRow[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position)) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: TreeDoc[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      out.push({ id: row.id, title: row.title, slug: row.slug, status: row.status, depth });
      walk(row.id, Math.min(depth + 1, MAX_DOC_DEPTH));
    }
  };
  walk(null, 0);
  return out;
}

/** Depths a tree can have: the first at the top, each at most one deeper than the one above. */
export function normalise(docs: TreeDoc[]): TreeDoc[] {
  let previous = -1;
  return docs.map((doc) => {
    const depth = Math.max(0, Math.min(doc.depth, previous + 1, MAX_DOC_DEPTH));
    previous = depth;
    return depth === doc.depth ? doc : { ...doc, depth };
  });
}

export type TreeMove = "up" | "down" | "indent" | "outdent";

/** One doc moved (with the docs under it) a place up or down, or a level in or out. */
export function moveDoc(docs: TreeDoc[], id: string, move: TreeMove): TreeDoc[] {
  const from = docs.findIndex((doc) => doc.id === id);
  if (from < 0) return docs;
  const doc = docs[from]!;
  let end = from + 1;
  while (end < docs.length && docs[end]!.depth > doc.depth) end++;
  const branch = docs.slice(from, end);
  if (move === "indent" || move === "outdent") {
    const step = move === "indent" ? 1 : -1;
    if (from === 0 && step > 0) return docs;
    const shifted = branch.map((entry) => ({ ...entry, depth: Math.max(0, entry.depth + step) }));
    return normalise([...docs.slice(0, from), ...shifted, ...docs.slice(end)]);
  }
  const rest = [...docs.slice(0, from), ...docs.slice(end)];
  let at = from;
  if (move === "up") {
    // Before the previous sibling (or the doc above, when there is none at this level).
    at = from - 1;
    while (at > 0 && rest[at]!.depth > doc.depth) at--;
    if (at < 0) return docs;
  } else {
    // After the next sibling's whole branch.
    if (from >= rest.length) return docs;
    at = from + 1;
    while (at < rest.length && rest[at]!.depth > doc.depth) at++;
  }
  return normalise([...rest.slice(0, at), ...branch, ...rest.slice(at)]);
}

/** The tree after a drag: the dragged doc's branch placed where another doc was. */
export function dropDoc(docs: TreeDoc[], id: string, overId: string): TreeDoc[] {
  const from = docs.findIndex((doc) => doc.id === id);
  const to = docs.findIndex((doc) => doc.id === overId);
  if (from < 0 || to < 0 || from === to) return docs;
  let end = from + 1;
  while (end < docs.length && docs[end]!.depth > docs[from]!.depth) end++;
  if (to > from && to < end) return docs;
  const branch = docs.slice(from, end);
  const rest = [...docs.slice(0, from), ...docs.slice(end)];
  const target = rest.findIndex((doc) => doc.id === overId);
  const at = to > from ? target + 1 : target;
  const depth = rest[target]!.depth;
  const shift = depth - branch[0]!.depth;
  const moved = branch.map((entry) => ({ ...entry, depth: Math.max(0, entry.depth + shift) }));
  return normalise([...rest.slice(0, at), ...moved, ...rest.slice(at)]);
}

/** The tree as the server stores it: each doc's parent (the nearest shallower doc above). */
export function treeEntries(docs: TreeDoc[]): DocTreeEntry[] {
  const stack: string[] = [];
  return docs.map((doc, position) => {
    stack.length = doc.depth;
    const parentId = doc.depth > 0 ? (stack[doc.depth - 1] ?? null) : null;
    stack[doc.depth] = doc.id;
    return { id: doc.id, parentId, position };
  });
}
